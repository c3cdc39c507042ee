import { setupServer } from 'msw/node';
import { handlers } from '../../../src/mocks/handlers';

/** The MSW server of the console tests; a test adds its own answers with server.use(...). */
export const server = setupServer(...handlers);
