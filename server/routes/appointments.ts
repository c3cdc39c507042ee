import type { FastifyPluginAsync } from 'fastify';
import { API } from '../../contract/api';
import { appointmentActionSchema, appointmentCancelSchema, appointmentCreateSchema, appointmentUpdateSchema, isAppointmentAction, type Appointment } from '../../contract/appointment';
import { authenticate, requireRole, sessionOf } from '../auth/sessionGuard';
import { parseChanges, parseId, parseInput } from '../http/validate';
import { ok } from '../http/reply';
import { notFound } from '../http/errors';
import { sendStatements } from '../http/resource';
import { bookAppointment, changeAppointment, appointmentView, type AppointmentRow } from '../appointments/booking';
import { applyAppointmentAction } from '../appointments/transitions';
import { appointmentListStatements, readAppointment } from '../appointments/listing';

/** The booking calendar's calls; the rules live in server/appointments/. */
const appointmentRoutes: FastifyPluginAsync = async (app) => {
  const base = `${API.resourceBase}/appointments`;
  // Managers run their shop's calendar; admin and finance may read every shop's but change nothing.
  const manager = requireRole('shop-manager');
  const actor = (req: Parameters<typeof sessionOf>[0]) => ({ session: sessionOf(req), ip: req.ip });
  const idOf = (req: { params: unknown }) => parseId((req.params as { id: string }).id);

  app.get(base, { preHandler: authenticate }, (req, reply) =>
    sendStatements<AppointmentRow, Appointment>(reply, appointmentListStatements(app.db, sessionOf(req), req.query as Record<string, unknown>), appointmentView),
  );

  app.get(`${base}/:id`, { preHandler: authenticate }, async (req) => ok(await readAppointment(app.db, sessionOf(req), idOf(req))));

  app.post(base, { preHandler: manager }, async (req) => ok(await bookAppointment(app.db, actor(req), parseInput(appointmentCreateSchema, req.body))));

  app.patch(`${base}/:id`, { preHandler: manager }, async (req) => ok(await changeAppointment(app.db, actor(req), idOf(req), parseChanges(appointmentUpdateSchema, req.body))));

  app.post(`${base}/:id/:action`, { preHandler: manager }, async (req) => {
    const { action } = req.params as { action: string };
    if (!isAppointmentAction(action)) throw notFound('接口不存在');
    const id = idOf(req);
    // cancel takes its reason; the other steps take no body (an unknown field is 40000).
    if (action === 'cancel') return ok(await applyAppointmentAction(app.db, actor(req), id, action, parseInput(appointmentCancelSchema, req.body).reason));
    parseInput(appointmentActionSchema, req.body);
    return ok(await applyAppointmentAction(app.db, actor(req), id, action));
  });
};

export default appointmentRoutes;
