import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_ACTIONS,
  appointmentActionSchema,
  appointmentCancelSchema,
  appointmentCreateSchema,
  appointmentDetailSchema,
  appointmentResource,
  appointmentUpdateSchema,
  type Appointment,
} from '../../contract/appointment';
import { resourcePath, type ApiVerb } from '../../contract/resource';
import { sessionOf } from '../auth/sessionGuard';
import { SESSION_NEUTRAL } from '../auth/sessionCache';
import { resourceGuard } from '../auth/resourceGuard';
import { changes } from '../http/validate';
import { ok } from '../http/reply';
import { sendStatements } from '../http/resource';
import { envelope, idParams, listSchema, rowAnswer } from '../http/routeSchemas';
import { bookAppointment, changeAppointment, appointmentView, type AppointmentRow } from '../appointments/booking';
import { applyAppointmentAction } from '../appointments/transitions';
import {
  appointmentCalendarStatements,
  appointmentList,
  appointmentListQuery,
  appointmentListStatements,
  readAppointment,
  readCalendarPage,
  sendCalendarPage,
  type CalendarPage,
} from '../appointments/listing';
import { AnswerCache } from '../db/answerCache';

/** At most this many bytes of calendar pages are kept per server process. */
const CALENDAR_PAGES_BYTES = 32 * 1024 * 1024;

/** The booking calendar's calls; the rules live in server/appointments/. */
const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = resourcePath(appointmentResource);
  const guard = (verb: ApiVerb) => ({ preValidation: resourceGuard(appointmentResource, verb) });
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });
  // Every screen of a shop asks for the same week again and again; a page is read again only once a booking of its shop changed.
  const calendarPages = new AnswerCache<CalendarPage>('calendar', CALENDAR_PAGES_BYTES, (page) => page.body.length);

  // _view=calendar answers the board's fields only (contract/appointment.ts); without it, every field.
  app.get(
    base,
    { ...guard('list'), schema: { ...listSchema(appointmentResource, appointmentList), querystring: appointmentListQuery } },
    async (req, reply) => {
      const { view, ...request } = req.query;
      const session = sessionOf(req);
      if (view === 'calendar') {
        const statements = appointmentCalendarStatements(app.db, session, request);
        return sendCalendarPage(
          reply,
          await calendarPages.answer(app.pool, statements.key, statements.shopId, () => readCalendarPage(statements)),
        );
      }
      return sendStatements<AppointmentRow, Appointment>(reply, appointmentListStatements(app.db, session, request), appointmentView);
    },
  );

  app.get(
    `${base}/:id`,
    { ...guard('read'), schema: { params: idParams, response: { 200: envelope(appointmentDetailSchema) } } },
    async (req) => ok(await readAppointment(app.db, sessionOf(req), req.params.id)),
  );

  app.post(
    base,
    { ...guard('create'), ...SESSION_NEUTRAL, schema: { body: appointmentCreateSchema, response: rowAnswer(appointmentResource) } },
    async (req) => ok(await bookAppointment(app.db, actor(req), req.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      ...guard('update'),
      ...SESSION_NEUTRAL,
      schema: { params: idParams, body: appointmentUpdateSchema, response: rowAnswer(appointmentResource) },
    },
    async (req) => ok(await changeAppointment(app.db, actor(req), req.params.id, changes(req.body))),
  );

  // cancel takes its reason; the other steps take no body (an unknown field is 40000).
  app.post(
    `${base}/:id/cancel`,
    {
      ...guard('action:cancel'),
      ...SESSION_NEUTRAL,
      schema: { params: idParams, body: appointmentCancelSchema, response: rowAnswer(appointmentResource) },
    },
    async (req) => ok(await applyAppointmentAction(app.db, actor(req), req.params.id, 'cancel', req.body.reason)),
  );
  for (const action of APPOINTMENT_ACTIONS.filter((a) => a !== 'cancel')) {
    app.post(
      `${base}/:id/${action}`,
      {
        ...guard(`action:${action}`),
        ...SESSION_NEUTRAL,
        schema: { params: idParams, body: appointmentActionSchema, response: rowAnswer(appointmentResource) },
      },
      async (req) => ok(await applyAppointmentAction(app.db, actor(req), req.params.id, action)),
    );
  }
};

export default appointmentRoutes;
