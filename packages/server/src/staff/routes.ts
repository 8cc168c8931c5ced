import type { FastifyInstance } from 'fastify';
import { registerDocumentRoutes } from '../documents/routes.js';
import { registerEvidenceRoutes } from '../evidence/routes.js';
import { registerCallbackRoutes } from '../help/staff-routes.js';
import { registerLifecycleRoutes } from '../lifecycle/routes.js';
import { registerApplicationRoutes } from './applications.js';
import { registerAuditRoutes } from './audit-routes.js';
import { createStaffContext } from './context.js';
import type { StaffRoutesOptions } from './context.js';
import { registerDeliveryRoutes } from './deliveries.js';
import { registerDuplicateRoutes } from './duplicates.js';
import { registerStaffFunnelRoutes } from '../funnel/staff-routes.js';
import { registerMemberRoutes } from './member-routes.js';
import { registerMessageRoutes } from './messages.js';
import { registerComplaintRoutes } from './complaints.js';
import { registerSetupRoutes } from './setup-routes.js';
import { registerSignInRoutes } from './sign-in-routes.js';
import { registerWorkRoutes } from './work.js';
import { registerQueueRoutes } from './queue.js';
import { registerLenderSubmissionRoutes } from './lender-submissions.js';

export { STAFF_MESSAGES } from './context.js';
export type { StaffRoutesOptions } from './context.js';
export { setupPath } from './member-routes.js';

/**
 * The staff API under /api/staff (docs/back-office.md), one file per part: sign-in, set-up,
 * members, the audit log, and the applications' routes. Every route but sign-in and set-up
 * names its roles with the guard, run as an `onRequest` hook before the body is read.
 */
export function registerStaffRoutes(app: FastifyInstance, options: StaffRoutesOptions): void {
  const context = createStaffContext(app, options);
  const { db, clock, guard, audit } = context;

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/staff')) void reply.header('cache-control', 'no-store');
  });

  registerSignInRoutes(app, context);
  registerSetupRoutes(app, context);
  registerMemberRoutes(app, context);
  registerApplicationRoutes(app, { db, clock, guard, audit, panel: options.panel });
  registerWorkRoutes(app, { db, clock, guard, audit });
  registerQueueRoutes(app, { db, clock, guard, audit });
  registerLenderSubmissionRoutes(app, { db, clock, guard, audit });
  registerMessageRoutes(app, { db, clock, guard, audit, mail: context.mail });
  registerComplaintRoutes(app, { db, clock, guard, audit });
  registerStaffFunnelRoutes(app, { db, clock, guard, audit });
  registerLifecycleRoutes(app, { db, clock, guard, audit, files: options.documents?.store });
  if (options.documents) {
    registerDocumentRoutes(app, {
      db,
      clock,
      guard,
      audit,
      mail: options.mail,
      ...options.documents,
    });
  }
  registerEvidenceRoutes(app, { db, clock, guard, audit });
  registerDeliveryRoutes(app, { db, clock, guard, audit });
  registerDuplicateRoutes(app, { db, clock, guard, audit, ...options.duplicates });
  registerCallbackRoutes(app, { db, clock, guard, audit });
  registerAuditRoutes(app, context);
}
