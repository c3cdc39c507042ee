import simpleRest from '@refinedev/simple-rest';
import { API } from '../../contract/api';
import { http } from './http';

/**
 * REST resources of docs/domain.md over the one axios instance, so every failure toasts and session
 * errors bring up the modal. The instance already carries VITE_API_BASE, so the URL is a path.
 */
export const dataProvider = simpleRest(API.resourceBase, http);
