// Builds the Fastify application: security plugins, the /api scope with its one authentication hook
// and the modules' routes, the OpenAPI reference at /api/docs, and the web app served from /.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { messages } from '@testbed/contract';
import type { Config } from './config.js';
import type { Db, PoolUse, Subscribe } from './db/database.js';
import { openApiOptions } from './openapi/document.js';
import { metricsPlugin } from './metrics/metrics.js';
import { AccessLog, logRequest, requestId, requestIdHeader } from './logging/request-log.js';
import { AppError } from './errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseAvailability } from './db/availability.js';
import { AccessTokens } from './security/access-token.js';
import { authenticate } from './security/authenticate.js';
import { csrf } from './security/csrf.js';
import { safeText } from './security/safe-text.js';
import { replyValidators } from './reply-validators.js';
import { jsonBodyLimits } from './security/json-body.js';
import { dropForgedForwardedFor } from './security/forwarded-for.js';
import { DatabaseHitCounter, RedisHitCounter, sharedRateLimitStore } from './security/rate-limit-store.js';
import { createCaptcha } from './security/captcha.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { RegistrationService } from './modules/registration/service.js';
import { accountSecurityRoutes } from './modules/account-security/routes.js';
import { AccountSecurityService } from './modules/account-security/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { apiTokenRoutes } from './modules/api-tokens/routes.js';
import { ApiTokensService } from './modules/api-tokens/service.js';
import { credentialRoutes } from './modules/credentials/routes.js';
import { CredentialsService } from './modules/credentials/service.js';
import { NotifiedReplies } from './db/notified-replies.js';
import { ReservationReplyCache } from './modules/reservations/reply-cache.js';
import { reservationRoutes } from './modules/reservations/routes.js';
import { ReservationService } from './modules/reservations/service.js';
import { usagePolicyRoutes } from './modules/usage-policies/routes.js';
import { UsagePolicyService } from './modules/usage-policies/service.js';
import { userDirectoryRoutes, userRoutes } from './modules/users/routes.js';
import { employerRoutes } from './modules/employers/routes.js';
import { EmployersService } from './modules/employers/service.js';
import { intendedUsageRoutes } from './modules/intended-usages/routes.js';
import { IntendedUsagesService } from './modules/intended-usages/service.js';
import { roleRoutes } from './modules/roles/routes.js';
import { RolesService } from './modules/roles/service.js';
import { groupRoutes } from './modules/groups/routes.js';
import { GroupsService } from './modules/groups/service.js';
import { referenceListRoutes } from './modules/reference-lists/routes.js';
import { accountValidationRoutes } from './modules/account-validation/routes.js';
import { AccountUpdates } from './modules/account-validation/account-update.js';
import { AccountImport } from './modules/account-validation/import-accounts.js';
import { RevalidationRequests } from './modules/account-validation/revalidation-requests.js';
import { ReferenceListsService } from './modules/reference-lists/service.js';
import { type TestbedDriver } from './testbed/driver.js';
import { createTestbedDriver } from './testbed/create-driver.js';
import { createFlashing, flashingRoutes, type FlashJobRunner } from './modules/flashing/create-flashing.js';
import { loadTestbed } from './testbed/testbed-file.js';
import { ExperimentRunner } from './modules/experiments/runner.js';
import { ExperimentService } from './modules/experiments/service.js';
import { experimentRoutes } from './modules/experiments/routes.js';
import { ExperimentEventHub } from './modules/experiments/experiment-stream.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { NotificationsService } from './modules/notifications/service.js';
import { deviceHealthRoutes } from './modules/device-health/routes.js';
import { DeviceHealthService } from './modules/device-health/service.js';
import { MailSender } from './mail/sender.js';
import { auditRoutes } from './modules/audit/routes.js';
import { catalogueRoutes } from './modules/catalogue/routes.js';
import { CatalogueService } from './modules/catalogue/service.js';
import { maintenanceRoutes } from './modules/maintenance/routes.js';
import { MaintenanceService } from './modules/maintenance/service.js';
import { AuditService } from './modules/audit/service.js';
import { calendarRoutes } from './modules/calendar/routes.js';
import { CalendarService } from './modules/calendar/service.js';
import { reminderRoutes } from './modules/reminders/routes.js';
import { ReminderSettingsService, ReminderSweeper } from './modules/reminders/service.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import { StatisticsService } from './modules/statistics/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createImages, imageRoutes } from './modules/images/create-images.js';
import { homeRoutes } from './modules/home/routes.js';
import { HomeService } from './modules/home/service.js';
import { HealthService } from './modules/health/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** The flash pipeline: main.ts starts it, closing the app stops it and hands its jobs over. */
    flashJobs: FlashJobRunner;
    /** The experiments' runner: main.ts starts it, closing the app stops it and hands its experiments over. */
    experimentRunner: ExperimentRunner;
    /** Delivers the mail outbox: main.ts starts it, closing the app stops it. */
    mailSender: MailSender;
    reminderSweeper: ReminderSweeper;
    /** Removes image uploads left half done: main.ts starts it, closing the app stops it. */
    imageUploadSweeper: { start(): void; stop(): void };
    /** Whether the database is reached; its faults answer 503 and are logged once per change. */
    databaseAvailability: DatabaseAvailability;
    /**
     * Begins a graceful stop: readiness answers 503 so that the proxy sends new work elsewhere, and every reply
     * says `Connection: close` so that the proxy reuses none of this instance's connections; requests are still
     * served meanwhile. `app.close()` then finishes them.
     */
    drain(): void;
  }
}

export interface AppDependencies {
  config: Config;
  db: Db;
  jwtSecret: string;
  /** Folder of the built web app; the default is packages/web/dist. */
  webRoot?: string;
  logger?: boolean | object;
  /** Where the default logger writes (standard output when absent); tests read the log from it. */
  logStream?: NodeJS.WritableStream;
  /** The database's LISTEN; without it the reservation replies are read from the database on every call. */
  subscribe?: Subscribe;
  /** False: no reply and no device inventory is kept between calls (the bench measures the reads without them). */
  replyCaches?: boolean;
  /** The database pool's use, for the metrics (PostgreSQL). */
  poolUse?: () => PoolUse;
  /** The driver of the testbed; the default simulates the built-in testbed file. */
  driver?: TestbedDriver;
}

// The contract's schemas are built with zod's mini build, which brings no words of its own: without a locale a
// refusal that the contract does not word (a wrong type, a text too long) would only say "Invalid input".
z.config(z.locales.en());

/** The router's own refusals, worded without echoing the path (which may be long, or hold a secret). */
/** The channel of the trigger that announces a change of the active accounts' names (see its migration). */
const USERS_DIRECTORY_CHANNEL = 'users_directory_changed';
/** The colleague search's replies kept, by their total size in bytes. */
const COLLEAGUE_SEARCH_BYTES = 16 * 1024 * 1024;

const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The path is not valid percent-encoded UTF-8.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is longer than 100 characters.',
};

/**
 * Never in the log: credentials in headers, and the parts of a database error that quote the values of the
 * failed statement (PostgreSQL's `detail`, e.g. `Key (email)=(...)`), which may be a password or a token.
 */
export const LOG_REDACT = ['req.headers.authorization', 'req.headers.cookie', 'err.detail', 'err.parameters'];

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.LOG_LEVEL,
      redact: LOG_REDACT,
      serializers: { req: logRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Behind a reverse proxy the client's address is the one the listed proxies put in X-Forwarded-For; the
    // rate limits and the sign-in throttle count by it. Nobody else is believed.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    // The first moment Fastify shows us a request, before its address is read for the log: entries of
    // X-Forwarded-For that are not addresses are dropped there.
    ...(config.TRUST_PROXY.length > 0
      ? {
          rewriteUrl: (raw: import('node:http').IncomingMessage) => {
            dropForgedForwardedFor(raw.headers);
            return raw.url ?? '/';
          },
        }
      : {}),
    // What the router refuses before any route is found answers in the API's error shape too.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      const message = status >= 500 ? 'Internal server error.' : (FRAMEWORK_ERRORS[error.code] ?? 'Invalid request.');
      // Fastify types this reply by the router's generics, which no route has chosen yet.
      void (reply as FastifyReply).code(status).send({ message });
    },
    bodyLimit: 2 * 1024 * 1024,
    // The id is checked by requestId before it is believed, so Fastify must not take the header as it is.
    requestIdHeader: false,
    genReqId: requestId,
    // One line per request in place of Fastify's two.
    logController: new AccessLog(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  const databaseAvailability = new DatabaseAvailability(db, app.log.child({ module: 'database' }));
  app.decorate('databaseAvailability', databaseAvailability);
  app.addHook('onClose', async () => databaseAvailability.close());
  app.setErrorHandler(errorHandler);
  await app.register(jsonBodyLimits);
  await app.register(requestIdHeader);

  // Helmet's headers on every reply, from a middleware built once (Fastify's helmet plugin builds it again for
  // every request, parsing the policy each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // Mantine writes inline style attributes; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // API answers of more than 1 KB are compressed when the client accepts it (brotli at a quick level: these
  // are made per request); the web app's files come precompressed from the build. Text and JSON only: the
  // plugin would also take octet-stream, the images' content, whose gigabytes would cost the server's thread,
  // and it sends bytes that look compressed (a gzip image, or a raw one that starts like deflate) as they are
  // but labelled with the client's encoding, which the client then undoes.
  await app.register(fastifyCompress, {
    global: true,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/u,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await app.register(csrf);
  // The limits count where every instance sees the same numbers: Redis when given, the database otherwise.
  const hitCounter = config.REDIS_URL
    ? new RedisHitCounter(config.REDIS_URL, config.REDIS_KEY_PREFIX, app.log.child({ module: 'rate-limits' }))
    : new DatabaseHitCounter(db);
  app.addHook('onClose', () => hitCounter.close());
  await hitCounter.start();
  await app.register(fastifyRateLimit, {
    global: false,
    store: sharedRateLimitStore(hitCounter, app.log.child({ module: 'rate-limits' }), config.REDIS_URL ? undefined : databaseAvailability),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', messages.TOO_MANY_REQUESTS, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
  await app.register(fastifySwagger, openApiOptions(config));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const tokens = new AccessTokens(deps.jwtSecret);
  // What an instance keeps between calls: the reservation replies and the colleague search's, forgotten as the
  // database announces a change (see db/notified-replies.ts).
  const reservationReplies = new ReservationReplyCache();
  const colleagueSearches = new NotifiedReplies(USERS_DIRECTORY_CHANNEL, COLLEAGUE_SEARCH_BYTES);
  const replyCaches = [reservationReplies, colleagueSearches];
  // Without them the services take the reads' own paths, one statement each, as they would with no cache at all.
  const keepReplies = deps.replyCaches !== false;
  if (deps.subscribe && keepReplies) for (const cache of replyCaches) await cache.listen(deps.subscribe);
  app.addHook('onClose', () => Promise.all(replyCaches.map((cache) => cache.close())));
  const auth = new AuthService(db, tokens);
  const images = await createImages(db, config.DATA_DIR, config.IMAGE_QUOTA_BYTES, app.log.child({ module: 'images' }), databaseAvailability);
  app.decorate('imageUploadSweeper', { start: images.startSweeper, stop: images.stopSweeper });
  app.addHook('onClose', async () => images.stopSweeper());
  const driver = deps.driver ?? createTestbedDriver(await loadTestbed(undefined));
  // Devices being flashed show as down everywhere, so the booking rules refuse them too.
  const flashing = createFlashing(db, driver, config.DATA_DIR, app.log, images.service, {
    quarantineAfter: config.DEVICE_QUARANTINE_FAILURES,
    logRetentionDays: config.FLASH_LOG_RETENTION_DAYS,
    publicUrl: config.PUBLIC_URL,
  }, { streamsPerUser: config.FLASH_STREAMS_PER_USER, faults: databaseAvailability });
  // One LISTEN per instance for every open progress stream, and one for every open experiment stream.
  const experimentEvents = new ExperimentEventHub();
  if (deps.subscribe) {
    await flashing.events.listen(deps.subscribe);
    await experimentEvents.listen(deps.subscribe);
  }
  app.addHook('onClose', () => Promise.all([flashing.events.close(), experimentEvents.close()]));
  app.decorate('flashJobs', flashing.runner);
  app.addHook('onClose', () => flashing.runner.stop());
  const mailSender = new MailSender({ db, config, log: app.log.child({ module: 'mail' }), faults: databaseAvailability });
  app.decorate('mailSender', mailSender);
  app.addHook('onClose', () => mailSender.stop());
  await app.register(metricsPlugin, {
    db,
    poolUse: deps.poolUse,
    allow: config.METRICS_ALLOW,
    token: config.METRICS_TOKEN,
    flashRunner: flashing.runner,
    mailSender,
    progressStreams: () => flashing.events.openStreams,
    listeners: {
      reservation_replies: reservationReplies,
      colleague_searches: colleagueSearches,
      flash_progress: flashing.events,
      experiment_streams: experimentEvents,
    },
  });
  const reminderSweeper = new ReminderSweeper({
    db,
    publicUrl: config.PUBLIC_URL,
    log: app.log.child({ module: 'reminders' }),
    faults: databaseAvailability,
  });
  app.decorate('reminderSweeper', reminderSweeper);
  app.addHook('onClose', () => reminderSweeper.stop());
  // From the first moment of a shutdown (the drain, or the close itself), readiness says so, so that a proxy
  // sends new work elsewhere.
  let closing = false;
  app.decorate('drain', () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    // Open streams would hold the server open until their jobs or experiments end.
    flashing.events.endStreams();
    experimentEvents.endStreams();
  });
  const health = new HealthService(db, databaseAvailability, {
    isListening: () => flashing.events.isListening && experimentEvents.isListening,
    mailSenderAlive: () => mailSender.isAlive(),
    flashRunnerAlive: () => flashing.runner.isAlive(),
    isAcceptingWork: () => !closing,
  });

  await app.register(
    async (api) => {
      await api.register(authenticate, { tokens, db });
      await api.register(safeText);
      await api.register(replyValidators);
      await api.register(healthRoutes, { health });
      await api.register(authRoutes, { auth });
      await api.register(accountSecurityRoutes, { accounts: new AccountSecurityService(db, tokens, config) });
      await api.register(registrationRoutes, {
        registration: new RegistrationService(db, config, createCaptcha(config, deps.jwtSecret)),
      });
      await api.register(userDirectoryRoutes, { searches: keepReplies ? colleagueSearches : undefined });
      await api.register(userRoutes, { searches: keepReplies ? colleagueSearches : undefined });
      await api.register(employerRoutes, { employers: new EmployersService(db) });
      await api.register(intendedUsageRoutes, { intendedUsages: new IntendedUsagesService(db) });
      const usagePolicies = new UsagePolicyService(db);
      await api.register(usagePolicyRoutes, { policies: usagePolicies });
      const reservations = new ReservationService(db, flashing.driver, undefined, keepReplies ? reservationReplies : undefined, usagePolicies);
      await api.register(reservationRoutes, { reservations });
      await api.register(flashingRoutes, { flashing: flashing.service });
      await api.register(imageRoutes, { images: images.service });
      await api.register(images.tusRoutes);
      const experimentRunner = new ExperimentRunner(db, flashing.service, reservations, app.log.child({ module: 'experiments' }), config.PUBLIC_URL, databaseAvailability);
      app.decorate('experimentRunner', experimentRunner);
      if (deps.subscribe) await experimentRunner.listen(deps.subscribe);
      app.addHook('onClose', () => experimentRunner.stop());
      await api.register(experimentRoutes, {
        experiments: new ExperimentService(db, reservations, flashing.service, flashing.driver, experimentRunner, experimentEvents, flashing.streamSlots),
      });
      const notifications = new NotificationsService(db);
      await api.register(notificationRoutes, { notifications });
      // Old notifications go with the flash runner's hourly prune of old rows.
      flashing.runner.alsoPrune(() => notifications.prune());
      await api.register(apiTokenRoutes, { apiTokens: new ApiTokensService(db) });
      await api.register(deviceHealthRoutes, {
        health: new DeviceHealthService(db, driver, () => flashing.driver.invalidate()),
      });
      await api.register(catalogueRoutes, { catalogue: new CatalogueService(db, driver) });
      await api.register(maintenanceRoutes, { maintenance: new MaintenanceService(db, config.PUBLIC_URL) });
      await api.register(auditRoutes, { audit: new AuditService(db) });
      await api.register(statisticsRoutes, { statistics: new StatisticsService(db) });
      await api.register(homeRoutes, { home: new HomeService(db, driver) });
      await api.register(reminderRoutes, { reminders: new ReminderSettingsService(db) });
      await api.register(calendarRoutes, { calendar: new CalendarService(db, config.PUBLIC_URL) });
      await api.register(credentialRoutes, { credentials: new CredentialsService(db) });
      await api.register(roleRoutes, { roles: new RolesService(db) });
      await api.register(groupRoutes, { groups: new GroupsService(db) });
      await api.register(referenceListRoutes, { referenceLists: new ReferenceListsService(db) });
      await api.register(accountValidationRoutes, {
        requests: new RevalidationRequests(db, config),
        updates: new AccountUpdates(db, config),
        imports: new AccountImport(db, config),
      });
      api.setNotFoundHandler((request, reply) => {
        reply.code(404).send({ message: `No API route ${request.method} ${request.url.split('?')[0]}` });
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}

/**
 * Serves the built web app; any unknown non-API path gets index.html for client-side routing, but a missing
 * file (under /assets/, or any name with an extension) is a 404 (a script that is not there must not come back as a page). `dist` is resolved
 * once: this instance keeps serving the build it started with while a newer build is made beside it.
 */
async function registerWebApp(app: FastifyInstance, webRoot: string) {
  if (!existsSync(webRoot)) {
    app.log.warn({ webRoot }, 'web app not built: run `npm run build` to serve it');
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found.' }));
    return;
  }
  await app.register(fastifyStatic, {
    root: realpathSync(webRoot),
    wildcard: false,
    index: false,
    // The build made .br and .gz copies: the one the browser accepts is sent as it is.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      // Files under assets/ carry a hash of their content in their name: they never change.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    // A missing file (a script, /favicon.ico, /robots.txt) is a 404 too: a page in its place confuses browsers.
    const pathname = request.url.split('?', 1)[0] ?? '';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || pathname.startsWith('/assets/') || /\/[^/]+\.[A-Za-z0-9]+$/.test(pathname)) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

function errorHandler(this: FastifyInstance, error: FastifyError | AppError, request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
  const fault = this.databaseAvailability.report(error);
  if (fault) {
    // No stack per request: the availability logs the outage once; a slow statement is one short line.
    if (fault === 'timeout') request.log.warn({ url: request.routeOptions.url }, 'a database statement ran past its time limit');
    error = new AppError('unavailable', 'The service is unavailable for a moment: try again shortly.', {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
  if (error instanceof AppError) {
    if (error.details.retryAfterSeconds !== undefined) reply.header('retry-after', error.details.retryAfterSeconds);
    return reply.code(error.status).send({ message: error.message, fieldErrors: error.details.fieldErrors });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'request';
      (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
    }
    const first = Object.entries(fieldErrors)[0];
    return reply.code(400).send({ message: first ? `${first[0]}: ${first[1][0]}` : 'Invalid request.', fieldErrors });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Errors raised by Fastify itself for a malformed request (bad JSON, wrong content type, too large).
    return reply.code(status).send({ message: error.message });
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send({ message: 'Internal server error.' });
}
