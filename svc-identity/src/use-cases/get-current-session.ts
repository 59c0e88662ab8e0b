import type { TActor } from '../deps.js';
import { toSessionView } from '../repositories/session.queries.js';

/**
 * GET /api/auth/me: the user and the organization (with the subscription fields billing reported) of the
 * actor's session, from the same prepared-statement read that authenticated the request (no second query).
 */
export const getCurrentSession = (actor: TActor) => toSessionView(actor.live);
