/**
 * Generated from the server's OpenAPI document by `npm run client:generate`
 * (openapi-typescript). Do not edit: test/unit/client-types.test.ts fails when it drifts.
 */
export interface paths {
    "/api/v1/compliance/{regulation}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * compliance score of a regulation over every agent, with the evidence behind each control
         * @description The same score as `audit compliance <regulation>`. regulation: eu-ai-act, gdpr, nist-ai-rmf, iso-42001.
         */
        get: operations["getApiV1ComplianceRegulation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/compliance/{regulation}/{agent}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * compliance score of a regulation for one agent (404 for an agent the store never saw)
         * @description The same score as `audit compliance <regulation> <agent>`.
         */
        get: operations["getApiV1ComplianceRegulationAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** query events (audit events and the events of traces), newest first */
        get: operations["getApiV1Events"];
        put?: never;
        /**
         * ingest one audit event or an array of them (all or none)
         * @description Each event needs agent and type; timestamp defaults to the time of intake. Stored in the same events table as trace events (with no trace) and ledgered. 409 for an event_id already ingested; 503 while the kill switch is active for an agent of the request.
         */
        post: operations["postApiV1Events"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one event by event_id */
        get: operations["getApiV1EventsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{pack_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * download a built evidence pack (zip)
         * @description Verify it offline with `audit evidence verify <zip>` (or the verify.mjs inside).
         */
        get: operations["getApiV1ExportsPackId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/findings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list findings, newest first (the filters of `evid findings list`) */
        get: operations["getApiV1Findings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/findings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one finding with its evidence context, control mappings and status history */
        get: operations["getApiV1FindingsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** move a finding to another status with an optional comment (recorded and ledgered) */
        patch: operations["patchApiV1FindingsId"];
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * server health check (no authentication)
         * @description Answers 200 when the store can be read. `intake` is `stopped` while a kill switch is active for all agents, `partial` while one is active for some agents.
         */
        get: operations["getApiV1Health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the caller's background jobs, newest first (an admin sees every credential's)
         * @description Each as GET /api/v1/jobs/{id} shows it. Jobs are kept in memory: running and queued ones, and the newest 500 finished; a restarted server lists none.
         */
        get: operations["getApiV1Jobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * one background job (report, pack build, ledger verify, safety run) and its progress
         * @description state queued -> running -> done | failed, or cancelled (POST /api/v1/jobs/{id}/cancel; cancel_requested true while a running job stops); progress {done, total, phase}; once done, result_url (a download or the run/report status) and/or result (a verify run); once failed or cancelled, error (as in an error body; type cancelled). Only the credential that started the job, or an admin, sees it: anyone else gets 404. Jobs are kept in memory, the newest 500 finished ones.
         */
        get: operations["getApiV1JobsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cancel a queued or running background job
         * @description A queued job is cancelled at once and never runs. A running job is asked to stop: its run ends at its next progress report, leaving nothing half-made in the store (no pack, no report file, no temp file; a report or safety run's own status is failed, its error saying it was cancelled), and the job ends cancelled. Answers 202 with the job as GET /api/v1/jobs/{id} shows it at that instant: state cancelled for a queued job, running with cancel_requested true for a running one (poll it). A run whose last progress report (done == total) came before the request ends done. Only the credential that started the job, or an admin, may cancel it: anyone else gets 404. 409 when the job already ended (done, failed or cancelled).
         */
        post: operations["postApiV1JobsIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list API keys, never their secrets (admin; `evid admin keys list`) */
        get: operations["getApiV1Keys"];
        put?: never;
        /**
         * create an API key with a role (admin; ledgered); the key and secret are answered once
         * @description The same as `evid admin keys create`. Only a SHA-256 of the secret is stored, so the answer is the only place the key appears; an Idempotency-Key does not keep it.
         */
        post: operations["postApiV1Keys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** revoke an API key at once (admin; ledgered; `evid admin keys revoke`) */
        delete: operations["deleteApiV1KeysId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kill-switch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** kill switch state: global and per agent, intakes refused, recent toggles */
        get: operations["getApiV1KillSwitch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kill-switch/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * halt intake, for every agent or one (admin; reason required; ledgered)
         * @description While active, POST /api/v1/traces and /api/v1/events and `evid traces ingest` for a matching agent answer 503 with Retry-After (CLI exit 5); reads, verify, packs and exports keep working. Survives restarts.
         */
        post: operations["postApiV1KillSwitchActivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kill-switch/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * resume intake for that scope (admin; reason required; ledgered)
         * @description Releases the global switch, or one agent's with `agent`. An agent switch is separate from the global one: releasing one leaves the other as it is.
         */
        post: operations["postApiV1KillSwitchDeactivate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the ledger: latest signed tree head, key fingerprint, purged counts, last verify */
        get: operations["getApiV1Ledger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * inclusion proofs of a record's ledger entries against the latest signed tree head
         * @description For each entry of the subject (a trace, event, finding, ... id): the entry, its leaf data (RFC 8785 JSON), leaf index and PATH (RFC 9162 2.1.3.1). A client recomputes SHA-256(0x00 || leaf), folds the path and compares the signed root_hash.
         */
        get: operations["getApiV1LedgerProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ledger/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * run `audit verify` on the store (read-only) and answer its verdict
         * @description The same check as `audit verify --json`: every entry against its record and back, the chain, the root and every signed tree head. `failure` names the first bad record. With `Prefer: respond-async` the answer is 202 with the verify job: poll GET /api/v1/jobs/{id} for progress; its `result` is this body.
         */
        post: operations["postApiV1LedgerVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** this API as an OpenAPI 3.1 document, made from the schemas that validate requests */
        get: operations["getApiV1OpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the dashboard's overview: counts, a daily series, sources, SIEM, kill switch, ledger
         * @description status is `evid status` (traces, events, agents, findings by severity and status, ledger); series counts traces, events and findings per UTC day over `days` days.
         */
        get: operations["getApiV1Overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list built evidence packs, newest first (as `audit evidence list`) */
        get: operations["getApiV1Packs"];
        put?: never;
        /**
         * build an evidence pack (the same builder as `evid pack` / `audit evidence build`; ledgered)
         * @description Window: last (duration), window_days, or since/until (default: the last 30 days); or one session. The zip is then at GET /api/v1/exports/{pack_id}. With `Prefer: respond-async` the answer is 202 with the build job (poll its status_url, GET /api/v1/jobs/{id}, for progress; its result_url is the download).
         */
        post: operations["postApiV1Packs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the live detector policy (version 0 = the built-in default) */
        get: operations["getApiV1Policies"];
        /**
         * replace the live detector policy (admin; refused whole if invalid; ledgered)
         * @description The same document as `evid policies set <file>`.
         */
        put: operations["putApiV1Policies"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list reports, newest first, each with its status (queued, running, done, failed) */
        get: operations["getApiV1Reports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{filename}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** download a generated report by filename (html or pdf) */
        get: operations["getApiV1ReportsFilenameDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one report and its status (by report_id or filename): poll this after generate */
        get: operations["getApiV1ReportsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * generate a compliance report in the background: 202 with its id and a status URL
         * @description Status moves queued -> running -> done | failed (GET the status_url); a done report is ledgered (report.generated) and downloadable at download_url.
         */
        post: operations["postApiV1ReportsGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the retention policy and its state (the same document as `evid retention status --json`) */
        get: operations["getApiV1Retention"];
        /**
         * set the retention window and whether the server enforces it (admin; ledgered)
         * @description The same as `evid retention set`. Fields left out keep their value; `days` is required while no policy is set. Under 183 days the answer carries the EU AI Act warning.
         */
        put: operations["putApiV1Retention"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/retention/holds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list legal holds in force; released ones too with all=true (`evid retention hold list`) */
        get: operations["getApiV1RetentionHolds"];
        put?: never;
        /**
         * place a legal hold (admin; ledgered; `evid retention hold add`)
         * @description Exactly one selector: trace (a trace_id), session, agent, or since with until (ISO 8601 or a duration like 7d). The records it covers are never purged until it is released.
         */
        post: operations["postApiV1RetentionHolds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/retention/holds/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** release a legal hold with a reason (admin; ledgered; `evid retention hold release`) */
        post: operations["postApiV1RetentionHoldsIdRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the signed-in dashboard user and the session CSRF token */
        get: operations["getApiV1Session"];
        put?: never;
        /**
         * dashboard sign-in: e-mail and password of an `evid admin users` user
         * @description Sets the HttpOnly, SameSite=Strict session cookie and answers the CSRF token every write made with it must carry (X-CSRF-Token). Records the login (last_login_at). Five failures for one e-mail within 15 minutes lock it out for the rest of the window (429); at most 30 tries a minute per address.
         */
        post: operations["postApiV1Session"];
        /** dashboard sign-out: ends the session and clears its cookie */
        delete: operations["deleteApiV1Session"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** how the dashboard may sign in: password, and OIDC when configured */
        get: operations["getApiV1SessionMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/oidc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * dashboard single sign-on: redirects to the OIDC provider (authorization code + PKCE)
         * @description 302 to the authorization endpoint of EVID_OIDC_ISSUER_URL with client_id EVID_OIDC_CLIENT_ID; the provider sends the browser back to /api/v1/session/oidc/callback. 404 when OIDC is not configured.
         */
        get: operations["getApiV1SessionOidc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * dashboard single sign-on: the provider returns here; sets the session cookie
         * @description Redeems the code with the PKCE verifier, verifies the ID token (signature, iss, aud, exp, nonce) and its role claim (viewer, analyst or admin), sets the session cookie and redirects to the dashboard.
         */
        get: operations["getApiV1SessionOidcCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/siem/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SIEM targets and monitoring alert channels with their delivery state; secrets as **** (read; `evid siem list`, `evid siem status`) */
        get: operations["getApiV1SiemTargets"];
        put?: never;
        /**
         * add a SIEM target: splunk, sentinel or syslog (admin; ledgered; `evid siem add`)
         * @description Each kind takes only its own fields (400 naming the field otherwise). The token or client secret goes to a 0600 file in the data directory, never to the database or any answer: the target shows `secret: "****"`.
         */
        post: operations["postApiV1SiemTargets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/siem/targets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** remove a SIEM target (admin; ledgered; `evid siem remove`): what is still queued for it stays unsent, its secret file is deleted */
        delete: operations["deleteApiV1SiemTargetsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/siem/targets/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * send one test event straight to a SIEM target and answer the receiver's own answer (admin; `evid siem test`)
         * @description Not queued and not ledgered. 200 with ok true or false and the answer (HEC code and text, HTTP status, ...), secrets masked.
         */
        post: operations["postApiV1SiemTargetsIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list sources with their status and counters (as `evid sources list`; never a credential) */
        get: operations["getApiV1Sources"];
        put?: never;
        /**
         * add a source (admin; ledgered); the answer carries its token or webhook secret, once
         * @description otel and gateway sources get an ingest token, webhook sources a signing secret, log files none. `connect` says where to send and which header to use. The credential is never shown again (a retry with the same name is 409), and an Idempotency-Key does not keep this answer.
         */
        post: operations["postApiV1Sources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one source with its status and counters (404 once removed) */
        get: operations["getApiV1SourcesId"];
        put?: never;
        post?: never;
        /** remove a source (admin; ledgered): its token is revoked at once; purge=true blanks its events' content */
        delete: operations["deleteApiV1SourcesId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * receive a signed webhook delivery (a trace, one event, or NDJSON events)
         * @description Authenticated by `X-Evid-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the source's secret (no Authorization header); 401 when missing, wrong, or more than 5 minutes from the server's clock. Body: a trace, one event carrying session_id and agent, a JSON array of those, or `application/x-ndjson` with one per line. Events without event_id get a stable one derived from the delivery, so a redelivery adds nothing (counted in `duplicates`). `X-Evid-Dry-Run: 1` stores nothing and answers 200 with the sessions it would append.
         */
        post: operations["postApiV1SourcesIdEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sources/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * send a dry-run sample through this server's receiver for the source (admin; nothing stored)
         * @description As `evid sources test`. otel/gateway samples authenticate with `token` (the source's own) when given, else with the caller's credential; a webhook sample is signed with the source's secret; a log file is checked on disk. 200 with ok true or false and why.
         */
        post: operations["postApiV1SourcesIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list traces, newest first (the filters of `evid traces list`) */
        get: operations["getApiV1Traces"];
        put?: never;
        /**
         * ingest one trace (the same pipeline as `evid traces ingest`)
         * @description Validated, run through the detectors, then stored and ledgered in one transaction (concurrent requests are group-committed; a 201 is sent only once its trace is committed). 409 for a session_id or event_id already ingested; 503 while the kill switch is active for the agent.
         */
        post: operations["postApiV1Traces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/traces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one trace with its events and findings (id: trace_id or session_id) */
        get: operations["getApiV1TracesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/traces/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * append events to a trace that grows (id: trace_id or session_id)
         * @description Later events of a known session: validated, run through the detectors, stored and each ledgered, in one transaction; the trace's event_count and time range follow. Body `{"events": [...]}` or an array of events. An event whose event_id is already stored is skipped and counted in `duplicates` (a retry adds nothing). 404 for an unknown trace; 503 while the kill switch is active for the trace's agent.
         */
        post: operations["postApiV1TracesIdEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** list dashboard users, never their password hashes (admin; `evid admin users list`) */
        get: operations["getApiV1Users"];
        put?: never;
        /**
         * add a dashboard user with a role and a password (admin; ledgered)
         * @description The same as `evid admin users add`: the e-mail is the login name (lower-cased), the password is stored as a scrypt hash and never answered. 409 when a user with the e-mail exists.
         */
        post: operations["postApiV1Users"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** remove a dashboard user (admin; ledgered; `evid admin users remove`): the password hash is erased, the record and its history stay */
        delete: operations["deleteApiV1UsersId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** replace a dashboard user's password (admin; a new salt and scrypt hash; ledgered; `evid admin users reset-password`) */
        put: operations["putApiV1UsersIdPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * change a dashboard user's role (admin; ledgered; `evid admin users set-role`)
         * @description 409 when the user already has the role; 404 for no such live user.
         */
        put: operations["putApiV1UsersIdRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway/{id}/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenAI chat completions through the recording gateway (streaming or not)
         * @description Recording gateway (docs/sources.md): an OpenAI-compatible proxy to the source's upstream. Send the source token in X-Evid-Key and the upstream's own key in Authorization (forwarded, never stored). Optional X-Evid-Session-Id (or Helicone-Session-Id), X-Evid-Agent, X-Evid-Dry-Run: 1. Upstream answers pass through unchanged; 502 upstream down, 504 upstream silent, 503 kill switch or unrecorded call on a fail-closed source, in OpenAI's error shape. Recorded as an llm_call event (model, messages, answer, tokens) and one tool_call event per tool call in the answer.
         */
        post: operations["postGatewayIdV1ChatCompletions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway/{id}/v1/embeddings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenAI embeddings through the recording gateway
         * @description Recording gateway (docs/sources.md): an OpenAI-compatible proxy to the source's upstream. Send the source token in X-Evid-Key and the upstream's own key in Authorization (forwarded, never stored). Optional X-Evid-Session-Id (or Helicone-Session-Id), X-Evid-Agent, X-Evid-Dry-Run: 1. Upstream answers pass through unchanged; 502 upstream down, 504 upstream silent, 503 kill switch or unrecorded call on a fail-closed source, in OpenAI's error shape. Recorded as an embeddings event (model, input texts, tokens; not the vectors).
         */
        post: operations["postGatewayIdV1Embeddings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway/{id}/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the upstream's model list, through the recording gateway (not recorded)
         * @description Recording gateway (docs/sources.md): an OpenAI-compatible proxy to the source's upstream. Send the source token in X-Evid-Key and the upstream's own key in Authorization (forwarded, never stored). Optional X-Evid-Session-Id (or Helicone-Session-Id), X-Evid-Agent, X-Evid-Dry-Run: 1. Upstream answers pass through unchanged; 502 upstream down, 504 upstream silent, 503 kill switch or unrecorded call on a fail-closed source, in OpenAI's error shape.
         */
        get: operations["getGatewayIdV1Models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway/{id}/v1/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OpenAI responses through the recording gateway (streaming or not)
         * @description Recording gateway (docs/sources.md): an OpenAI-compatible proxy to the source's upstream. Send the source token in X-Evid-Key and the upstream's own key in Authorization (forwarded, never stored). Optional X-Evid-Session-Id (or Helicone-Session-Id), X-Evid-Agent, X-Evid-Dry-Run: 1. Upstream answers pass through unchanged; 502 upstream down, 504 upstream silent, 503 kill switch or unrecorded call on a fail-closed source, in OpenAI's error shape. Recorded as an llm_call event and one tool_call event per function call in the output.
         */
        post: operations["postGatewayIdV1Responses"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** registered agents (latest version of each) with their capabilities */
        get: operations["getV1Agents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alignment/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * run test cases against a model: a score per objective and per case, with recommendations
         * @description objectives: plain objectives, or the id of a set from POST /v1/alignment/objectives. test_cases: [{input, expected_properties}] naming output checks (no_pii_disclosure, refuses_medical_diagnosis, ...); without them each objective's built-in cases run. Same run model as model analysis: 200 when done within 20 s, else 202 and poll GET /v1/alignment/evaluate/{id}.
         */
        post: operations["postV1AlignmentEvaluate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alignment/evaluate/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one alignment evaluation run: running, done (with its result) or failed */
        get: operations["getV1AlignmentEvaluateId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alignment/objectives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * turn plain objectives into checkable properties with implementation guidance (stored, ledgered)
         * @description Each objective becomes detectors, live-policy rules and output checks (the property ids test cases name in POST /v1/alignment/evaluate), with guidance and a policy fragment for `evid policies set`. The set gets an id (ao_...) that evaluate accepts in place of the objectives.
         */
        post: operations["postV1AlignmentObjectives"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alignment/objectives/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one stored set of processed alignment objectives */
        get: operations["getV1AlignmentObjectivesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analysis/safety/guard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the guard model's background pass: configured guard and its counters
         * @description checked: events judged; flagged: findings written; failed: guard calls that timed out, were refused or answered out of format (intake never waits for them); last_error names the event.
         */
        get: operations["getV1AnalysisSafetyGuard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analysis/safety/model": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * run the probe suite against a model: risk scores per category, failing probes, recommendations
         * @description model_url is an OpenAI-compatible base URL with the model name (http://host/v1#model=name) or a gateway source id (src_...#model=name). Every probe and answer is recorded as one trace (session safety:<run id>). A run done within 20 s is answered 200; a longer one (or any with `Prefer: respond-async`) 202 with its id: poll GET /v1/analysis/safety/model/{id}.
         */
        post: operations["postV1AnalysisSafetyModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analysis/safety/model/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one model analysis run: running, done (with its result) or failed (with the reason) */
        get: operations["getV1AnalysisSafetyModelId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analysis/safety/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * safety analysis of a text: category scores, concerns and a flagged verdict
         * @description Runs the detectors with the live policy over `content`. Categories: the detector categories, their finding types and the moderation categories (88 names, listed in docs/safety-api.md); default: the detector and moderation categories. A concern is a detection scoring at or above `threshold` (threshold must be a number from 0 to 1 (inclusive); default 0.7). Nothing is stored.
         */
        post: operations["postV1AnalysisSafetyText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * exchange an API key id and secret for a bearer access token
         * @description api_key is the key id (`ak_...`) and api_secret the secret, both printed once by `evid admin keys create`. The token acts with the key's role on every route until expires_at (EVID_TOKEN_TTL, default 1 h) or until revoked. A wrong, unknown or revoked key is 401. Limited to 100 requests a minute per client address.
         */
        post: operations["postV1AuthToken"];
        /**
         * revoke an access token
         * @description The token to revoke goes in the `token` query parameter or a JSON body {"token": "..."}; without either, the bearer token of the request is revoked. A caller may revoke the tokens of its own API key; an admin any. Revoking an already revoked token answers the same. A revoked token is 401 on every route.
         */
        delete: operations["deleteV1AuthToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compliance/assessment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * assess a system's recorded evidence against frameworks (ledgered)
         * @description system_id is the agent whose evidence is scored (404 when nothing is recorded for it). frameworks: eu-ai-act, gdpr, nist-ai-rmf, iso-42001. system_metadata (description, domain, capabilities, data_types) gives the EU AI Act risk class and documentation gaps. 201 with the assessment, stored and ledgered as assessment.created; POST /v1/compliance/documentation renders it.
         */
        post: operations["postV1ComplianceAssessment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compliance/documentation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * render a stored assessment as a compliance document (pdf, docx or html)
         * @description document_type: technical_documentation, risk_assessment, assessment_summary. format: pdf (default), docx or html. The answer is the document itself with its Content-Type and a Content-Disposition file name.
         */
        post: operations["postV1ComplianceDocumentation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/compliance/frameworks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the compliance frameworks assessments score, with their controls
         * @description region (EU, US; global frameworks match any) and domain (e.g. employment, healthcare; frameworks not limited to domains match any) filter the list.
         */
        get: operations["getV1ComplianceFrameworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * run a registered workflow; its execution is recorded as a trace, step by step
         * @description Runs the workflow with the input (agents: use these registered agents instead of the steps' own, matched by name then capability). Answers 200 with the finished execution, or 202 with status running when it takes longer than wait_ms; poll GET /v1/executions/{id}. Each step's input, model calls, tool calls and output are events of the trace (source execution) run through the detectors; a step whose input has a finding at or above the workflow's block_severity ends it as blocked. 503 while the kill switch is active for the workflow or one of its agents.
         */
        post: operations["postV1Execute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** status, result and metrics of an execution (poll a long-running one) */
        get: operations["getV1ExecutionsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/executions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * cancel a running execution: its agent's processes are ended, status cancelled
         * @description The request is stored, so an execution run by another process on the same store (evid execute) stops too. Answers 200 once it has stopped, 202 if it has not within wait_ms; 409 when it had already finished.
         */
        post: operations["postV1ExecutionsIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OTLP/HTTP log export (OpenTelemetry SDKs and collectors)
         * @description An ExportLogsServiceRequest in application/x-protobuf or application/json, optionally gzip-encoded. GenAI log events become events of their session beside the spans (docs/sources.md): `gen_ai.client.inference.operation.details` one model call each, the per-message events (`gen_ai.user.message`, ..., `gen_ai.choice`) of one span together as one call; log records with no AI name or attribute are counted and skipped. 200 with an ExportLogsServiceResponse (partial_success when records were rejected); failures carry a google.rpc.Status body; 503 with Retry-After while the kill switch stops an agent of the batch. A source token sends to its own otel source.
         */
        post: operations["postV1Logs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * log an event of a monitoring session; answers with the alerts it triggered
         * @description event_type is free (inference, feedback, ...). For inference events event_data.input and .output are scanned by the detectors (stored as prompt and completion), .latency (milliseconds) and .confidence (0..1) feed metrics and metric alerts; other fields are kept. Alerts are queued for the session's channels in the same transaction and delivered by the outbox (retried with backoff). 201; 404 for an unknown session; 503 while the kill switch stops the system.
         */
        post: operations["postV1MonitoringEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * a monitoring session's metrics per interval bucket
         * @description metrics: comma-separated, of event_count, latency_mean, latency_p95, confidence_mean, flagged_rate, alerts (default: the session's). time_range: how far back from now, a number and s, m, h or d (default 24h). Buckets are the session's interval; at most 2000.
         */
        get: operations["getV1MonitoringMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/monitoring/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * start a runtime monitoring session (a trace of source monitoring)
         * @description system_id is the monitored system (recorded as the agent). monitoring_config: metrics (default all), interval (metrics bucket, default 5m), threshold (findings at or above it alert; default 0.7), latency_max (ms) and confidence_min (0..1) for metric alerts. alert_channels: webhook (an http(s) URL; alerts POSTed signed with the signing_secret shown once here) or email (SMTP from EVID_SMTP_*). 201 with the session.
         */
        post: operations["postV1MonitoringSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OTLP/HTTP trace export (OpenTelemetry SDKs and collectors)
         * @description An ExportTraceServiceRequest in application/x-protobuf or application/json, optionally gzip-encoded. Spans carrying GenAI, OpenInference or Traceloop attributes become events of their session (docs/sources.md); other spans are counted and skipped. 200 with an ExportTraceServiceResponse (partial_success when spans were rejected); failures carry a google.rpc.Status body; 503 with Retry-After while the kill switch stops an agent of the batch, so the exporter retries. A source token sends to its own otel source.
         */
        post: operations["postV1Traces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** registered workflows (latest version of each) with their configurations */
        get: operations["getV1Workflows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AlignmentEvaluationRun: {
            /** @description 0..1 over the objectives a case checked */
            alignment_score?: number | null;
            completed_at: string | null;
            created_at: string;
            /** @description why a failed run failed */
            error?: string;
            /** @description the run id (also run_id) */
            id: string;
            /** @enum {string} */
            kind: "alignment_evaluation";
            /** @description done: the model name */
            model?: string;
            /** @description as the model was named (a key never appears) */
            model_url: string;
            objectives?: {
                checks: string[];
                failing_checks: string[];
                objective: string;
                objective_id: string;
                /** @description null when no test case checked it */
                score: number | null;
            }[];
            recommendations?: string[];
            run_id: string;
            /** @description done: safety:<run id> */
            session_id?: string;
            /**
             * @description done: the result members are present; failed: error says why
             * @enum {string}
             */
            status: "running" | "done" | "failed";
            /** @description GET it to poll */
            status_url: string;
            test_cases?: {
                case_id: string;
                checks: {
                    passed: boolean;
                    property: string;
                    /** @description why it failed */
                    reason: string | null;
                }[];
                event_id: string;
                input: string;
                /** @enum {string} */
                outcome: "answered" | "error";
                /** @description null when the model did not answer */
                score: number | null;
            }[];
            /** @description the trace recording every probe and answer (done or failed) */
            trace_id?: string | null;
        };
        AlignmentObjectiveSet: {
            context: string | null;
            created_at: string;
            domain: string | null;
            /** @description ao_<ULID>: give it as objectives to evaluate */
            id: string;
            objectives: {
                checks: string[];
                implementation_guidance: string[];
                objective: string;
                objective_id: string;
                /** @description a suggested fragment of the live policy (evid policies set): open */
                policy_fragment: {
                    [key: string]: unknown;
                };
                properties: {
                    check: string;
                    description: string;
                    /** @enum {string} */
                    kind: "detector" | "output_check" | "policy_rule";
                }[];
                /** @description a built-in check matched it */
                understood: boolean;
            }[];
        };
        ApiKey: {
            created_at: string;
            /** @description the actor who created it */
            created_by: string;
            /** @description ak_<ULID> */
            key_id: string;
            /** @description the last request it authenticated */
            last_used_at: string | null;
            name: string;
            revoked_at: string | null;
            revoked_by: string | null;
            /** @enum {string} */
            role: "ingest" | "viewer" | "analyst" | "admin";
            /** @description set for a source's ingest token */
            source_id: string | null;
        };
        AuditEvent: {
            agent: string;
            completion?: string | null;
            event_id?: string;
            model?: string | null;
            prompt?: string | null;
            timestamp?: string;
            tokens_completion?: number | null;
            tokens_prompt?: number | null;
            type: string;
        } & {
            [key: string]: unknown;
        };
        ComplianceControl: {
            /** @description what was measured: stable check names such as ledger_integrity */
            checks: string[];
            citation: string;
            evidence: {
                agents: string[];
                /** @description what the control's checks counted; the names depend on the check */
                counts: {
                    [key: string]: number;
                };
                finding_count: number;
                /** @description at most 20; finding_count has the total */
                finding_ids: string[];
                ledger: components["schemas"]["ComplianceLedgerEvidence"] | null;
            };
            /** @description control id, as findings are mapped to */
            id: string;
            /** @description 1 pass, 0.5 partial, 0 fail */
            points: number;
            /** @description article or clause */
            ref: string;
            /** @enum {string} */
            status: "pass" | "partial" | "fail";
            summary: string;
            title: string;
            weight: number;
        };
        ComplianceLedgerEvidence: {
            /** @description the first entry that fails */
            first_bad_seq: number | null;
            key_fingerprint: string | null;
            ok: boolean;
            /** @description why the ledger fails */
            reason: string | null;
            /** @description hex; null for an empty ledger */
            root_hash: string | null;
            /** @description of the latest signed tree head */
            signed_at: string | null;
            tree_size: number;
        };
        ComplianceScore: {
            /** @description the agent it is scoped to; null for the whole store */
            agent: string | null;
            /** @description per-agent scores (only the scoped agent when agent is set) */
            agents: {
                agent: string;
                fail: number;
                partial: number;
                pass: number;
                score: number;
            }[];
            controls: components["schemas"]["ComplianceControl"][];
            counts: {
                fail: number;
                partial: number;
                pass: number;
            };
            generated_at: string;
            /** @description the ledger verification the score rests on */
            ledger: {
                entries_checked: number;
                /** @description the first entry that fails */
                first_bad_seq: number | null;
                key_fingerprint: string | null;
                message: string;
                ok: boolean;
                purged: number;
                /** @description why the ledger fails */
                reason: string | null;
                /** @description hex; null for an empty ledger */
                root_hash: string | null;
                /** @description of the latest signed tree head */
                signed_at: string | null;
                tree_size: number;
            };
            /** @description first and last event time of the evidence scored */
            period: {
                from: string | null;
                to: string | null;
            };
            /** @description eu-ai-act, gdpr, nist-ai-rmf, iso-42001 */
            regulation: string;
            regulation_name: string;
            review_within_days: number;
            /** @description weighted 0..100, one decimal */
            score: number;
        };
        Error: {
            error: {
                /** @description HTTP status */
                code: number;
                /** @description what went wrong, naming the field when there is one */
                details: string;
                field?: string;
                /** @description on a 503: the kill switch that refused the intake (Retry-After says when to try again) */
                kill_switch?: {
                    /** @description who activated it */
                    actor: string;
                    /** @description the stopped agent; null for the global switch */
                    agent: string | null;
                    reason: string;
                    /** @enum {string} */
                    scope: "global" | "agent";
                    /** @description when it was activated */
                    since: string;
                };
                /** @description HTTP reason phrase */
                message: string;
                /** @description quote it to support; also the X-Request-Id header */
                request_id: string;
                /** @description stable error code: validation, not_found, conflict, ... */
                type?: string;
            };
        };
        Event: {
            completion?: string | null;
            event_id?: string;
            model?: string | null;
            prompt?: string | null;
            timestamp: string;
            tokens_completion?: number | null;
            tokens_prompt?: number | null;
            type: string;
        } & {
            [key: string]: unknown;
        };
        /** @description an OTLP ExportLogsServiceResponse: {} when everything landed */
        ExportLogsServiceResponse: {
            partialSuccess?: {
                errorMessage: string;
                /** @description a count, as a string (int64 in JSON) */
                rejectedLogRecords: string;
            };
        };
        /** @description an OTLP ExportTraceServiceResponse: {} when everything landed */
        ExportTraceServiceResponse: {
            partialSuccess?: {
                errorMessage: string;
                /** @description a count, as a string (int64 in JSON) */
                rejectedSpans: string;
            };
        };
        Finding: {
            agent: string;
            /** @description pii, secret, injection, ... */
            category: string;
            /** @description control ids it maps to */
            controls: string[];
            created_at: string;
            detector: string;
            end: number;
            /** @description the event it was found in; null when it is in no event */
            event: {
                model: string | null;
                timestamp: string;
                type: string;
            } | null;
            event_id: string | null;
            /** @description the context around the match, masked */
            excerpt: string;
            /** @description where in the event: prompt, completion, ... */
            field: string;
            fingerprint: string;
            /** @description every status move made by review, oldest first (empty until the first) */
            history: {
                actor: string;
                at: string;
                comment: string | null;
                from_status: string | null;
                to_status: string;
            }[];
            /** @description fd_<ULID> */
            id: string;
            /** @description the match, masked (never the raw value) */
            match_masked: string;
            score: number;
            session_id: string | null;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @description offset of the match in the field */
            start: number;
            /** @enum {string} */
            status: "open" | "reviewing" | "remediated" | "closed";
            /** @description null for a finding on an audit event outside a trace */
            trace_id: string | null;
            /** @description pii.email, secret.aws_key, ... */
            type: string;
            updated_at: string;
        };
        FindingSummary: {
            agent: string;
            /** @description pii, secret, injection, ... */
            category: string;
            created_at: string;
            detector: string;
            event_id: string | null;
            /** @description the context around the match, masked */
            excerpt: string;
            /** @description fd_<ULID> */
            id: string;
            score: number;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @enum {string} */
            status: "open" | "reviewing" | "remediated" | "closed";
            /** @description null for a finding on an audit event outside a trace */
            trace_id: string | null;
            /** @description pii.email, secret.aws_key, ... */
            type: string;
            updated_at: string;
        };
        /** @description X-Evid-Dry-Run: 1: the session the call would be recorded as; nothing is sent */
        GatewayDryRun: {
            /** @description the principal: the source's token */
            authenticated_as: string;
            /** @enum {boolean} */
            dry_run: true;
            /** @description empty for a call that is not recorded (the model list) */
            sessions: components["schemas"]["MappedSession"][];
            source_id: string;
        };
        IngestionResponse: {
            events_ingested: number;
            findings_generated: number;
            session_id: string;
            /** @enum {string} */
            status: "accepted";
            trace_id: string;
        };
        Job: {
            /** @description POST /api/v1/jobs/{id}/cancel was asked: a running job stops at its next progress report */
            cancel_requested: boolean;
            created_at: string;
            /** @description once failed or cancelled: the error body's `error` member, without a request_id (a cancelled job's: 409, type `cancelled`) */
            error: {
                /** @description HTTP status */
                code: number;
                details: string;
                field?: string;
                /** @description HTTP reason phrase */
                message: string;
                /** @description stable error code: validation, internal, ... */
                type: string;
            } | null;
            finished_at: string | null;
            /** @description job_<ULID>, or the id of the report or safety run */
            id: string;
            /** @description pack, report, ledger_verify, or a safety run kind */
            kind: string;
            progress: {
                done: number;
                phase: string;
                /** @description 0 while not known */
                total: number;
            };
            /** @description once done, the outcome when it has no URL of its own (a verify run); else null */
            result: unknown;
            /** @description once done: a download, or the report's or run's status */
            result_url: string | null;
            started_at: string | null;
            /**
             * @description queued -> running -> done | failed; cancelled from queued or running
             * @enum {string}
             */
            state: "queued" | "running" | "done" | "failed" | "cancelled";
            /** @description this job: /api/v1/jobs/{id} */
            status_url: string;
        };
        KillSwitchState: {
            active: boolean;
            actor: string;
            /** @description null for the global switch */
            agent: string | null;
            changed_at: string;
            last_refused_at: string | null;
            /** @description of the last change */
            reason: string;
            /** @description intakes refused since it was last activated */
            refused: number;
            /** @enum {string} */
            scope: "global" | "agent";
        };
        KillSwitchStatus: {
            /** @description anything stopped: the global switch or an agent's */
            active: boolean;
            agents: components["schemas"]["KillSwitchState"][];
            /** @description null until the global switch is first used */
            global: components["schemas"]["KillSwitchState"] | null;
            /** @description the latest changes, newest first */
            history: {
                /** @enum {string} */
                action: "activated" | "deactivated";
                actor: string;
                /** @description null for the global switch */
                agent: string | null;
                at: string;
                reason: string;
                /** @enum {string} */
                scope: "global" | "agent";
            }[];
            /** @description what an active switch stops */
            stops: string[];
        };
        LegalHold: {
            agent: string | null;
            /** @description the `case` given when placed */
            case_ref: string | null;
            created_at: string;
            created_by: string;
            /** @description hold_<ULID> */
            hold_id: string;
            reason: string;
            release_reason: string | null;
            released_at: string | null;
            released_by: string | null;
            session_id: string | null;
            /** @description with until: records whose span overlaps the range */
            since: string | null;
            /** @description the selector: exactly one of trace_id, session_id, agent, since */
            trace_id: string | null;
            until: string | null;
        };
        LivePolicy: {
            actor: string | null;
            /** @description null for the default */
            created_at: string | null;
            policy: components["schemas"]["Policy"];
            /** @description 0: the built-in default */
            version: number;
        };
        MappedSession: {
            agent: string;
            /** @description kept on the trace when this creates it (an open map, as the client sent it) */
            attributes?: {
                [key: string]: unknown;
            };
            events: components["schemas"]["Event"][];
            framework?: string | null;
            session_id: string;
        };
        ModelAnalysisRun: {
            categories?: ("jailbreak" | "prompt_injection" | "pii_leakage" | "secret_leakage" | "harmful_instructions" | "toxicity")[];
            completed_at: string | null;
            created_at: string;
            /** @description why a failed run failed */
            error?: string;
            failing_probes?: {
                /** @enum {string} */
                category: "jailbreak" | "prompt_injection" | "pii_leakage" | "secret_leakage" | "harmful_instructions" | "toxicity";
                /** @description the recorded probe, <run id>:<probe id> */
                event_id: string;
                probe_id: string;
                reasons: string[];
                /** @description the model declined */
                refused: boolean;
                risk: string;
            }[];
            /** @description guard:<model> when the live policy has a guard model judge answers */
            guard?: string | null;
            /** @description the run id (also run_id) */
            id: string;
            /** @enum {string} */
            kind: "model_analysis";
            /** @description done: the model name */
            model?: string;
            /** @description as the model was named (a key never appears) */
            model_url: string;
            probes?: {
                /** @enum {string} */
                category: "jailbreak" | "prompt_injection" | "pii_leakage" | "secret_leakage" | "harmful_instructions" | "toxicity";
                /** @description the recorded probe, <run id>:<probe id> */
                event_id: string;
                /** @enum {string} */
                outcome: "pass" | "fail" | "error";
                probe_id: string;
                reasons: string[];
                /** @description the model declined */
                refused: boolean;
            }[];
            /** @description probes the model did not answer */
            probes_errored?: number;
            probes_failed?: number;
            probes_run?: number;
            recommendations?: string[];
            /** @enum {string} */
            risk_level?: "low" | "medium" | "high" | "critical";
            /** @description 0..1, the mean of the category scores */
            risk_score?: number;
            /** @description per category run: the share of its answered probes that failed */
            risk_scores?: {
                harmful_instructions?: number;
                jailbreak?: number;
                pii_leakage?: number;
                prompt_injection?: number;
                secret_leakage?: number;
                toxicity?: number;
            };
            run_id: string;
            /** @description done: safety:<run id> */
            session_id?: string;
            /**
             * @description done: the result members are present; failed: error says why
             * @enum {string}
             */
            status: "running" | "done" | "failed";
            /** @description GET it to poll */
            status_url: string;
            /** @enum {string} */
            test_suite?: "comprehensive" | "quick";
            /** @description the trace recording every probe and answer (done or failed) */
            trace_id?: string | null;
        };
        /** @description OpenAI's error body (src/sources/gateway/call.ts openAiError) */
        OpenAIError: {
            error: {
                /** @description upstream_unavailable, upstream_timeout, kill_switch_active, recording_failed, internal */
                code: string;
                message: string;
                /** @description upstream_error, kill_switch_active, evid_recording_failed, internal_error */
                type: string;
            };
        };
        OtlpLogsDryRun: {
            authenticated_as: string;
            /** @enum {boolean} */
            dry_run: true;
            sessions: components["schemas"]["MappedSession"][];
            /** @description left out: not AI content */
            skipped_log_records: number;
            /** @description null for a key that is not a source token */
            source_id: string | null;
        };
        /** @description google.rpc.Status (what OTel exporters parse), with evid's own error object beside it */
        OtlpStatus: {
            /** @description gRPC status code: 3 invalid argument, 16 unauthenticated, 7 permission denied, 5 not found, 8 resource exhausted, 14 unavailable, 13 internal */
            code: number;
            /** @description the error object of evid's Error body */
            error: {
                /** @description HTTP status */
                code: number;
                details: string;
                /** @description HTTP reason phrase */
                message: string;
                request_id: string;
            };
            /** @description what went wrong */
            message: string;
        };
        OtlpTracesDryRun: {
            authenticated_as: string;
            /** @enum {boolean} */
            dry_run: true;
            sessions: components["schemas"]["MappedSession"][];
            /** @description left out: not AI content */
            skipped_spans: number;
            /** @description null for a key that is not a source token */
            source_id: string | null;
        };
        PackListItem: {
            actor: string;
            created_at: string;
            download_url: string;
            event_count: number;
            /** @description what the pack holds: the time window and session it was built for */
            filters: {
                include_controls: boolean;
                /** @description a trace_id or session_id */
                session: string | null;
                /** @description null: unbounded */
                since: string | null;
                until: string | null;
            };
            finding_count: number;
            finding_update_count: number;
            /** @enum {string} */
            format: "json" | "html" | "pdf";
            manifest_sha256: string;
            pack_id: string;
            root_hash: string;
            /** @description of the zip */
            sha256: string;
            size_bytes: number;
            trace_count: number;
            /** @description the ledger size the pack is proven against */
            tree_size: number;
        };
        Policy: {
            allowed_hosts?: string[];
            custom_rules: {
                case_insensitive?: boolean;
                description?: string;
                /** @description keyword rules */
                keywords?: string[];
                /** @enum {string} */
                kind: "regex" | "keywords";
                /** @description regex rules */
                pattern?: string;
                score?: number;
                /** @enum {string} */
                severity: "low" | "medium" | "high" | "critical";
                /** @description policy.<name> */
                type: string;
            }[];
            default_threshold: number;
            disabled_rules?: string[];
            enabled_categories: ("pii" | "secret" | "prompt_injection" | "jailbreak" | "toxicity" | "tool_misuse" | "policy")[];
            /** @description opt-in built-in rules switched on (secret.high_entropy); disabled_rules wins */
            enabled_rules?: string[];
            /** @description a guard model run after the rules */
            guard?: {
                /** @description the environment variable holding its key (never the key) */
                api_key_env?: string;
                categories: string[];
                endpoint: string;
                /** @enum {string} */
                format: "llama-guard-3" | "llama-guard-3-completions" | "openai-moderation";
                model: string;
                timeout_ms: number;
            };
            redact_content: boolean;
            /** @description finding type or category -> severity */
            severity_overrides: {
                [key: string]: "low" | "medium" | "high" | "critical";
            };
            /** @description per category, 0..1; default_threshold for the others */
            thresholds: {
                jailbreak?: number;
                pii?: number;
                policy?: number;
                prompt_injection?: number;
                secret?: number;
                tool_misuse?: number;
                toxicity?: number;
            };
        };
        Report: {
            actor: string;
            /** @description null for a report on every agent */
            agent: string | null;
            created_at: string;
            /** @description set once done */
            download_url: string | null;
            /** @description why a failed report failed */
            error: string | null;
            filename: string;
            finished_at: string | null;
            /** @enum {string} */
            format: "html" | "pdf";
            regulation: string;
            /** @description rp_<ULID> */
            report_id: string;
            /** @description the compliance score it reports, once done */
            score: number | null;
            /** @description of the file, once done */
            sha256: string | null;
            size_bytes: number | null;
            started_at: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "done" | "failed";
            /** @description GET it to poll */
            status_url: string;
        };
        SiemTarget: {
            created_at: string;
            created_by: string;
            endpoint: string;
            /**
             * @description alerts: an alert channel, which gets only its alerts
             * @enum {string}
             */
            events: "findings" | "all" | "alerts";
            /**
             * @description alert_webhook and alert_email are monitoring sessions' alert channels
             * @enum {string}
             */
            kind: "splunk" | "sentinel" | "syslog" | "alert_webhook" | "alert_email";
            options: components["schemas"]["SiemTargetOptions"];
            /**
             * @description "****" when a token or client secret is on file, else null
             * @enum {string|null}
             */
            secret: "****" | null;
            /** @description siem_<ULID>, or ach_<ULID> for an alert channel */
            target_id: string;
        };
        /** @description the kind's settings as given (never a secret) */
        SiemTargetOptions: {
            authority_host?: string;
            ca_file?: string;
            client_id?: string;
            dcr_id?: string;
            /** @enum {string} */
            format?: "rfc5424" | "cef";
            index?: string;
            port?: number;
            /** @enum {string} */
            protocol?: "udp" | "tcp" | "tls";
            /** @description an alert channel's monitoring session */
            session_id?: string;
            sourcetype?: string;
            stream?: string;
            tenant_id?: string;
        };
        SiemTargetStatus: {
            created_at: string;
            created_by: string;
            endpoint: string;
            error_count: number;
            /**
             * @description alerts: an alert channel, which gets only its alerts
             * @enum {string}
             */
            events: "findings" | "all" | "alerts";
            forwarded_count: number;
            /**
             * @description alert_webhook and alert_email are monitoring sessions' alert channels
             * @enum {string}
             */
            kind: "splunk" | "sentinel" | "syslog" | "alert_webhook" | "alert_email";
            last_error: string | null;
            last_error_at: string | null;
            /** @description the last delivery */
            last_event_at: string | null;
            /** @description the next retry while in error */
            next_attempt_at: string | null;
            options: components["schemas"]["SiemTargetOptions"];
            /** @description rows queued and not yet delivered */
            queue_depth: number;
            /**
             * @description "****" when a token or client secret is on file, else null
             * @enum {string|null}
             */
            secret: "****" | null;
            /**
             * @description idle: nothing queued; sending: queued, no error; error: the last try failed
             * @enum {string}
             */
            state: "idle" | "sending" | "error";
            /** @description siem_<ULID>, or ach_<ULID> for an alert channel */
            target_id: string;
        };
        Source: {
            created_at: string;
            created_by: string;
            /** @description otel/webhook: a free label; logfile: the path or glob; gateway: the upstream */
            endpoint: string | null;
            error_count: number;
            event_count: number;
            /** @description the source's ingest token (an API key), when its type needs one */
            key_id: string | null;
            last_error: string | null;
            last_event_at: string | null;
            name: string;
            /** @description the type options as stored (checked when added) */
            options: {
                fail_closed?: boolean;
                /** @description logfile: "ndjson", or an object mapping event fields (session, agent, type, timestamp, event_id, framework, model, prompt, completion, tokens_prompt, tokens_completion) to dotted paths */
                format?: "ndjson" | {
                    [key: string]: string;
                };
                timeout_ms?: number;
            };
            /** @description received but not evidence (OTLP spans with no AI attributes) */
            skipped_count: number;
            /** @description src_<ULID> */
            source_id: string;
            /**
             * @description never: nothing received yet; receiving: an event within 5 minutes
             * @enum {string}
             */
            status: "never" | "receiving" | "idle" | "error";
            /** @enum {string} */
            type: "otel" | "webhook" | "logfile" | "gateway";
        };
        StoredEvent: {
            agent: string;
            /** @description attributes as the client sent them (an open map) */
            attributes: {
                [key: string]: unknown;
            };
            completion: string | null;
            event_id: string;
            ingested_at: string;
            model: string | null;
            position: number;
            prompt: string | null;
            /** @description content removed by retention; the row stays */
            purged: boolean;
            session_id: string | null;
            /** @description the source it came from; null for CLI and REST intake */
            source_id: string | null;
            timestamp: string;
            tokens_completion: number | null;
            tokens_prompt: number | null;
            /** @description null for an audit event outside a trace */
            trace_id: string | null;
            type: string;
        };
        StoreVerdict: {
            /** @description REST verify takes no saved checkpoint */
            checkpoint: null;
            /** @description the key that signs the next tree head */
            current_key_fingerprint: string | null;
            entries_checked: number;
            first_bad_seq: number | null;
            /** @description the key file beside the store; null: none */
            key_file_fingerprint: string | null;
            /** @description the store's trust root: its first ledger key */
            key_fingerprint: string | null;
            /** @description the key chain: the first key, then each rotation */
            keys: {
                fingerprint: string;
                previous_fingerprint: string | null;
                reason: string;
                seq: number;
            }[];
            message: string;
            ok: boolean;
            /** @description the fingerprint the caller pinned (REST: none) */
            pinned_fingerprint: string | null;
            purged: number;
            /** @description tampered, missing, reordered, truncated, signature, unsealed, unledgered, key, untrusted_key or rollback; null when ok */
            reason: string | null;
            /** @description the ledger entry at fault */
            record: {
                kind: string;
                seq: number;
                subject_id: string;
            } | null;
            /** @description null for an empty ledger */
            root_hash: string | null;
            /** @description a table row at fault (inserted outside the ledger, or edited) */
            row: {
                id: string;
                table: string;
            } | null;
            /** @description rows per ledgered table, each checked against its ledger entry */
            rows_checked: {
                [key: string]: number;
            };
            /** @description the parallel fast path: chunks and worker threads; null: sequential */
            scan: {
                chunks: number;
                threads: number;
            } | null;
            /** @description the latest signed tree head; null before the first */
            signed_tree_head: {
                checkpoint: string;
                key_fingerprint: string | null;
                root_hash: string;
                signed_at: string;
                tree_size: number;
            } | null;
            tree_heads_checked: number;
            tree_size: number;
        };
        Trace: {
            agent: string;
            /** @description attributes as the client sent them (an open map) */
            attributes: {
                [key: string]: unknown;
            };
            event_count: number;
            events: components["schemas"]["TraceEvent"][];
            /** @description as GET /api/v1/findings lists them, in event order */
            findings: components["schemas"]["FindingSummary"][];
            /** @description null for a trace with no events */
            first_event_at: string | null;
            framework: string | null;
            ingested_at: string;
            last_event_at: string | null;
            session_id: string;
            /** @description how it came in: rest, cli, otlp, webhook, ... */
            source: string;
            status: string;
            /** @description tr_<ULID> */
            trace_id: string;
        };
        TraceEvent: {
            /** @description attributes as the client sent them (an open map) */
            attributes: {
                [key: string]: unknown;
            };
            completion: string | null;
            event_id: string;
            model: string | null;
            /** @description 0-based order within the trace */
            position: number;
            /** @description null once purged or when the event had none */
            prompt: string | null;
            /** @description content removed by retention; the row stays */
            purged: boolean;
            /** @description the source it came from; null for CLI and REST intake */
            source_id: string | null;
            timestamp: string;
            tokens_completion: number | null;
            tokens_prompt: number | null;
            type: string;
        };
        TraceIngestionRequest: {
            agent: string;
            events: components["schemas"]["Event"][];
            framework?: string | null;
            session_id: string;
        } & {
            [key: string]: unknown;
        };
        TraceSummary: {
            agent: string;
            event_count: number;
            /** @description null for a trace with no events */
            first_event_at: string | null;
            framework: string | null;
            ingested_at: string;
            last_event_at: string | null;
            session_id: string;
            /** @description how it came in: rest, cli, otlp, webhook, ... */
            source: string;
            status: string;
            /** @description tr_<ULID> */
            trace_id: string;
        };
        User: {
            created_at: string;
            created_by: string;
            /** @description lower-cased; the sign-in name */
            email: string;
            last_login_at: string | null;
            removed_at: string | null;
            /** @enum {string} */
            role: "viewer" | "analyst" | "admin";
            /** @description the last change of role, password or removal */
            updated_at: string;
            /** @description usr_<ULID> */
            user_id: string;
        };
        VerifyRun: {
            actor: string;
            finished_at: string;
            /** @description the verify job (GET /api/v1/jobs/{id}) */
            job_id: string;
            started_at: string;
            verdict: components["schemas"]["StoreVerdict"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiV1ComplianceRegulation: {
        parameters: {
            query?: {
                /** @description human oversight window: high/critical findings should be remediated or closed within this (default 7) */
                review_within_days?: number;
            };
            header?: never;
            path: {
                regulation: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description score 0..100, counts, controls with evidence, per-agent scores, ledger verdict */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComplianceScore"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ComplianceRegulationAgent: {
        parameters: {
            query?: {
                /** @description human oversight window: high/critical findings should be remediated or closed within this (default 7) */
                review_within_days?: number;
            };
            header?: never;
            path: {
                agent: string;
                regulation: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the score scoped to the agent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComplianceScore"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the store has never seen this agent */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Events: {
        parameters: {
            query?: {
                agent?: string;
                /** @description page size (default 50) */
                limit?: number;
                /** @description rows to skip (default 0) */
                offset?: number;
                /** @description 1-based page (with page_size), instead of offset */
                page?: number;
                /** @description same as limit */
                page_size?: number;
                /** @description ISO 8601 date or date-time, or a duration before now such as 7d */
                since?: string;
                /** @description only the events of this trace (trace_id or session_id) */
                trace?: string;
                type?: string;
                /** @description ISO 8601 date or date-time, or a duration */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["StoredEvent"][];
                        offset?: number;
                        page: number;
                        page_size: number;
                        total: number;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Events: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuditEvent"] | components["schemas"]["AuditEvent"][];
            };
        };
        responses: {
            /** @description accepted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description each stored event, in request order */
                        events: {
                            agent: string;
                            event_id: string;
                            timestamp: string;
                            type: string;
                        }[];
                        events_ingested: number;
                        findings_generated: number;
                        /** @enum {string} */
                        status: "accepted";
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1EventsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoredEvent"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no event with this event_id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ExportsPackId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                pack_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the pack zip */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no pack with this id, or its file is gone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Findings: {
        parameters: {
            query?: {
                agent?: string;
                /** @description page size (default 50) */
                limit?: number;
                /** @description rows to skip (default 0) */
                offset?: number;
                /** @description 1-based page (with page_size), instead of offset */
                page?: number;
                /** @description same as limit */
                page_size?: number;
                severity?: "low" | "medium" | "high" | "critical";
                /** @description ISO 8601 date or date-time, or a duration before now such as 7d */
                since?: string;
                status?: "open" | "reviewing" | "remediated" | "closed";
                /** @description trace_id or session_id */
                trace?: string;
                /** @description a finding type (pii.email) or category (pii) */
                type?: string;
                /** @description ISO 8601 date or date-time, or a duration */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of finding summaries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        findings: components["schemas"]["FindingSummary"][];
                        offset?: number;
                        page: number;
                        page_size: number;
                        total: number;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1FindingsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the finding with its evidence context, controls and history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finding"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no finding with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1FindingsId: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    comment?: string;
                    /** @enum {string} */
                    status: "open" | "reviewing" | "remediated" | "closed";
                };
            };
        };
        responses: {
            /** @description the finding after the move, with its history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Finding"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no finding with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        intake?: "open" | "partial" | "stopped";
                        /** @enum {string} */
                        status?: "ok";
                        tree_size?: number;
                        uptime_s?: number;
                        version?: string;
                    };
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Jobs: {
        parameters: {
            query?: {
                /** @description pack, report, ledger_verify, or a safety run kind */
                kind?: string;
                /** @description page size (default 50) */
                limit?: number;
                /** @description rows to skip (default 0) */
                offset?: number;
                /** @description 1-based page (with page_size), instead of offset */
                page?: number;
                /** @description same as limit */
                page_size?: number;
                state?: "queued" | "running" | "done" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of jobs, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: components["schemas"]["Job"][];
                        offset: number;
                        page: number;
                        page_size: number;
                        total: number;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1JobsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description job_<ULID>, or the id of a report or safety run */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no such job, or not the caller's (unless an admin), or forgotten */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1JobsIdCancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description job_<ULID>, or the id of a report or safety run */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the job, cancelled or asked to stop */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no such job, or not the caller's (unless an admin), or forgotten */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the job already ended: done, failed or cancelled (named in the message) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Keys: {
        parameters: {
            query?: {
                /** @description include revoked keys (default false) */
                all?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the keys, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Keys: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description what the key is for, 1 to 100 characters */
                    name: string;
                    /** @description ingest, viewer, analyst, admin */
                    role: string;
                };
            };
        };
        responses: {
            /** @description the new key; `key` and `secret` are shown this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        /** @description the actor who created it */
                        created_by: string;
                        /** @description the bearer credential, evk_<ULID>_<secret> */
                        key: string;
                        /** @description ak_<ULID> */
                        key_id: string;
                        /** @description the last request it authenticated */
                        last_used_at: string | null;
                        name: string;
                        revoked_at: string | null;
                        revoked_by: string | null;
                        /** @enum {string} */
                        role: "ingest" | "viewer" | "analyst" | "admin";
                        /** @description the secret alone: with key_id, the api_key/api_secret of POST /v1/auth/token */
                        secret: string;
                        /** @description set for a source's ingest token */
                        source_id: string | null;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1KeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the key, with revoked_at and revoked_by */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no API key with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the key was already revoked */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1KillSwitch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description every switch and its history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KillSwitchStatus"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1KillSwitchActivate: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description only this agent; absent = every agent */
                    agent?: string;
                    /** @description why (required, ledgered) */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description changed (false if it already was so), the state of that switch, the overall status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        state: components["schemas"]["KillSwitchState"];
                        status: components["schemas"]["KillSwitchStatus"];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1KillSwitchDeactivate: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description only this agent; absent = every agent */
                    agent?: string;
                    /** @description why (required, ledgered) */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description changed (false if it already was so), the state of that switch, the overall status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        state: components["schemas"]["KillSwitchState"];
                        status: components["schemas"]["KillSwitchStatus"];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Ledger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the ledger: its size, latest signed tree head, key, purges and last verify */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: number;
                        /** @description the signing key; null before the first entry */
                        key: {
                            /** @description of the current key */
                            fingerprint: string;
                            first_fingerprint: string;
                            rotations: number;
                            /** @description the note verifier key */
                            verifier_key: string;
                        } | null;
                        /** @description the last verify this server process ran; null before one */
                        last_verify: {
                            actor: string;
                            entries_checked: number;
                            finished_at: string;
                            ok: boolean;
                            started_at: string;
                        } | null;
                        purged: {
                            batches: number;
                            records: number;
                        };
                        /** @description the latest signed tree head; null before the first entry */
                        tree_head: {
                            /** @description the signed checkpoint note (C2SP) */
                            checkpoint: string;
                            /** @description the store's checkpoint origin line */
                            origin: string;
                            /** @description hex */
                            root_hash: string;
                            signed_at: string;
                            tree_size: number;
                        } | null;
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1LedgerProof: {
        parameters: {
            query: {
                /** @description the record id */
                subject: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the subject's entries (at most 100), each with its inclusion proof */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            entry: {
                                actor: string;
                                /** @description hex SHA-256 of the record's JCS */
                                digest: string;
                                /** @description trace.ingested, finding.created, ... */
                                kind: string;
                                recorded_at: string;
                                /** @description 1-based */
                                seq: number;
                                subject_id: string;
                            };
                            /** @description seq - 1 */
                            leaf_index: number;
                            /** @description the leaf data: RFC 8785 JSON of the entry without seq */
                            leaf_json: string;
                            /** @description sibling hashes (hex), leaf upwards (RFC 9162 2.1.3.1 PATH) */
                            proof: string[];
                        }[];
                        subject_id: string;
                        /** @description the signed tree head the proofs lead to */
                        tree_head: {
                            /** @description the signed checkpoint note (C2SP) */
                            checkpoint: string;
                            origin: string;
                            /** @description hex */
                            root_hash: string;
                            signed_at: string;
                            tree_size: number;
                        };
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no ledger entry for this subject up to the signed tree head */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1LedgerVerify: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the verdict, with when and by whom it ran */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyRun"];
                };
            };
            /** @description with Prefer: respond-async: the job (see GET /api/v1/jobs/{id}) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1OpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Overview: {
        parameters: {
            query?: {
                /** @description default 30 */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the dashboard's overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kill_switch: {
                            active: boolean;
                            agents: components["schemas"]["KillSwitchState"][];
                            global: components["schemas"]["KillSwitchState"] | null;
                        };
                        /** @description the last verify this server process ran; null before one */
                        last_verify: {
                            actor: string;
                            finished_at: string;
                            ok: boolean;
                        } | null;
                        /** @description counts per UTC day over `days` days */
                        series: {
                            /** @description UTC dates, oldest first */
                            days: string[];
                            /** @description one count per day */
                            events: number[];
                            /** @description one count per day */
                            findings: number[];
                            /** @description one count per day */
                            traces: number[];
                        };
                        /** @description SIEM targets and monitoring sessions' alert channels */
                        siem: {
                            /** @enum {string} */
                            kind: "splunk" | "sentinel" | "syslog" | "alert_webhook" | "alert_email";
                            last_error: string | null;
                            queue_depth: number;
                            /** @enum {string} */
                            state: "idle" | "sending" | "error";
                            target_id: string;
                        }[];
                        sources: {
                            error_count: number;
                            event_count: number;
                            last_event_at: string | null;
                            name: string;
                            source_id: string;
                            /** @enum {string} */
                            status: "never" | "receiving" | "idle" | "error";
                            /** @enum {string} */
                            type: "otel" | "webhook" | "logfile" | "gateway";
                        }[];
                        /** @description as `evid status --json` prints it */
                        status: {
                            agents: number;
                            data_dir: string;
                            events: number;
                            findings: {
                                by_severity: {
                                    critical: number;
                                    high: number;
                                    low: number;
                                    medium: number;
                                };
                                by_status: {
                                    closed: number;
                                    open: number;
                                    remediated: number;
                                    reviewing: number;
                                };
                                total: number;
                            };
                            first_event_at: string | null;
                            last_event_at: string | null;
                            ledger: {
                                entries: number;
                                root_hash: string | null;
                                signed_at: string | null;
                                /** @description of the latest signed tree head */
                                tree_size: number;
                            };
                            schema_version: number;
                            storage_bytes: number;
                            traces: number;
                        };
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Packs: {
        parameters: {
            query?: {
                /** @description page size (default 50) */
                limit?: number;
                /** @description rows to skip (default 0) */
                offset?: number;
                /** @description 1-based page (with page_size), instead of offset */
                page?: number;
                /** @description same as limit */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of packs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offset?: number;
                        packs: components["schemas"]["PackListItem"][];
                        page: number;
                        page_size: number;
                        total: number;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Packs: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description report inside the pack (default json)
                     * @enum {string}
                     */
                    format?: "json" | "html" | "pdf";
                    include_controls?: boolean;
                    /** @description window ending now: 24h, 7d, 2w */
                    last?: string;
                    pack_id?: string;
                    /** @description trace_id or session_id */
                    session?: string;
                    since?: string;
                    until?: string;
                    window_days?: number;
                };
            };
        };
        responses: {
            /** @description the built pack (manifest facts), its download_url and the job_id it ran as */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            events: number;
                            finding_updates: number;
                            findings: number;
                            purged_events: number;
                            traces: number;
                        };
                        created_at: string;
                        download_url: string;
                        /** @description nothing matched the filters */
                        empty: boolean;
                        files: {
                            name: string;
                            sha256: string;
                            size: number;
                        }[];
                        /** @description what the pack holds: the time window and session it was built for */
                        filters: {
                            include_controls: boolean;
                            /** @description a trace_id or session_id */
                            session: string | null;
                            /** @description null: unbounded */
                            since: string | null;
                            until: string | null;
                        };
                        /** @enum {string} */
                        format: "json" | "html" | "pdf";
                        job_id: string;
                        key_fingerprint: string;
                        manifest_sha256: string;
                        pack_id: string;
                        root_hash: string;
                        /** @description of the zip */
                        sha256: string;
                        size_bytes: number;
                        /** @description the ledger size the pack is proven against */
                        tree_size: number;
                    };
                };
            };
            /** @description with Prefer: respond-async: the job (see GET /api/v1/jobs/{id}) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Policies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the live policy and its version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivePolicy"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1Policies: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description the new live policy and its version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivePolicy"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Reports: {
        parameters: {
            query?: {
                /** @description page size (default 50) */
                limit?: number;
                /** @description rows to skip (default 0) */
                offset?: number;
                /** @description 1-based page (with page_size), instead of offset */
                page?: number;
                /** @description same as limit */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of reports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offset?: number;
                        page: number;
                        page_size: number;
                        reports: components["schemas"]["Report"][];
                        total: number;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReportsFilenameDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                filename: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the report file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html or application/pdf": string;
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no report with this filename, or its file is gone */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the report is not done (queued, running or failed) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReportsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the report; error says why a failed one failed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no report with this report_id or filename */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ReportsGenerate: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description only this agent */
                    agent?: string;
                    /**
                     * @description default html
                     * @enum {string}
                     */
                    format?: "html" | "pdf";
                    /** @description eu-ai-act, gdpr, nist-ai-rmf, iso-42001 */
                    regulation: string;
                };
            };
        };
        responses: {
            /** @description the queued report; job_id and job_url (GET /api/v1/jobs/{id}) for its progress */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: string;
                        /** @description null for a report on every agent */
                        agent: string | null;
                        created_at: string;
                        /** @description set once done */
                        download_url: string | null;
                        /** @description why a failed report failed */
                        error: string | null;
                        filename: string;
                        finished_at: string | null;
                        /** @enum {string} */
                        format: "html" | "pdf";
                        /** @description the report's id */
                        job_id: string;
                        job_url: string;
                        regulation: string;
                        /** @description rp_<ULID> */
                        report_id: string;
                        /** @description the compliance score it reports, once done */
                        score: number | null;
                        /** @description of the file, once done */
                        sha256: string | null;
                        size_bytes: number | null;
                        started_at: string | null;
                        /** @enum {string} */
                        status: "queued" | "running" | "done" | "failed";
                        /** @description GET it to poll */
                        status_url: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Retention: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the policy and the state of the store */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed_at: string | null;
                        changed_by: string | null;
                        /** @description the retention window; null while no policy is set */
                        days: number | null;
                        /** @description whether `evid serve` purges on a schedule */
                        enforce: boolean;
                        last_run_at: string | null;
                        /** @description holds in force */
                        legal_holds: number;
                        /** @description the next scheduled run (null unless enforce) */
                        next_run_at: string | null;
                        /** @description the oldest event that still has its content */
                        oldest_record_at: string | null;
                        /** @description events and findings purged, ever */
                        records_purged: number;
                        /** @description used share of the data directory's file system, 0 to 100 */
                        storage_used_percent: number;
                        /** @description the database file and its write-ahead log */
                        store_bytes: number;
                        /** @description the data directory's file system size */
                        volume_bytes: number;
                        /** @description free bytes there */
                        volume_free_bytes: number;
                        /** @description under 183 days: the EU AI Act six-month warning; else null (never a refusal) */
                        warning: string | null;
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1Retention: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description retention window in days, 7 to 365 */
                    days?: unknown;
                    /** @description purge on a schedule in `evid serve` (boolean) */
                    enforce?: unknown;
                };
            };
        };
        responses: {
            /** @description the new policy and a warning (or null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed_at: string;
                        changed_by: string;
                        days: number;
                        /** @description whether `evid serve` purges on a schedule */
                        enforce: boolean;
                        /** @description under 183 days: the EU AI Act six-month warning; else null (never a refusal) */
                        warning: string | null;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1RetentionHolds: {
        parameters: {
            query?: {
                /** @description include released holds */
                all?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the holds, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        holds: components["schemas"]["LegalHold"][];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1RetentionHolds: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    agent?: string;
                    case?: string;
                    reason: string;
                    session?: string;
                    since?: string;
                    trace?: string;
                    until?: string;
                };
            };
        };
        responses: {
            /** @description the hold placed */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegalHold"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the trace or session named is not in the store */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1RetentionHoldsIdRelease: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description the hold, with released_at/by and release_reason */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegalHold"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no legal hold with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the hold was already released */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description send it as X-CSRF-Token on every write made with the session cookie */
                        csrf_token: string;
                        expires_at?: string;
                        user: {
                            email?: string;
                            /** @description the previous sign-in */
                            last_login_at?: string | null;
                            /** @enum {string} */
                            role?: "viewer" | "analyst" | "admin";
                            user_id?: string;
                        };
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description send it as X-CSRF-Token on every write made with the session cookie */
                        csrf_token: string;
                        expires_at?: string;
                        user: {
                            email?: string;
                            /** @description the previous sign-in */
                            last_login_at?: string | null;
                            /** @enum {string} */
                            role?: "viewer" | "analyst" | "admin";
                            user_id?: string;
                        };
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description wrong e-mail or password (the same answer for both) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description five failed sign-ins for this e-mail within 15 minutes (details say until when), or over 30 tries a minute from this address (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1Session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        signed_out?: boolean;
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1SessionMethods: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oidc?: boolean;
                        password?: boolean;
                    };
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1SessionOidc: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description to the provider */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1SessionOidcCallback: {
        parameters: {
            query: {
                code: string;
                state: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description to the dashboard, signed in */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1SiemTargets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the targets, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        targets: components["schemas"]["SiemTargetStatus"][];
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1SiemTargets: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description sentinel: the Entra authority (default https://login.microsoftonline.com) */
                    authority_host?: string;
                    /** @description https or tls: an absolute path on the server to a CA bundle (PEM) trusted instead of the system CAs */
                    ca_file?: string;
                    /** @description sentinel: the app (client) id */
                    client_id?: string;
                    /** @description sentinel: the client secret (kept in a 0600 file, never answered) */
                    client_secret?: string;
                    /** @description sentinel: the data collection rule immutable id (dcr-...) */
                    dcr_id?: string;
                    /** @description splunk: the HEC base URL; sentinel: the data collection endpoint URL; syslog: the host */
                    endpoint: string;
                    /**
                     * @description findings (default: findings, kill switch, verify failures) or all (also every event)
                     * @enum {string}
                     */
                    events?: "findings" | "all";
                    /**
                     * @description syslog: default rfc5424
                     * @enum {string}
                     */
                    format?: "rfc5424" | "cef";
                    /** @description splunk: the index */
                    index?: string;
                    /** @enum {string} */
                    kind: "splunk" | "sentinel" | "syslog";
                    /** @description syslog: the port (default 514, tls 6514) */
                    port?: number;
                    /**
                     * @description syslog: default udp
                     * @enum {string}
                     */
                    protocol?: "udp" | "tcp" | "tls";
                    /** @description splunk: the sourcetype (default evid:event) */
                    sourcetype?: string;
                    /** @description sentinel: the stream (Custom-<table>_CL) */
                    stream?: string;
                    /** @description sentinel: the Entra tenant */
                    tenant_id?: string;
                    /** @description splunk: the HEC token (kept in a 0600 file on the server, never answered) */
                    token?: string;
                };
            };
        };
        responses: {
            /** @description the target added (secret as "****") */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiemTarget"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1SiemTargetsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the target removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removed_at: string;
                        target_id: string;
                        /** @description rows still queued for it: kept for verify, never sent */
                        undelivered: number;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no SIEM target with this id (or it was removed) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1SiemTargetsIdTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description what the receiver answered (ok false is still a 200) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the receiver's own answer (HEC code and text, HTTP status, ...), secrets masked */
                        answer: string;
                        /**
                         * @description alert_webhook and alert_email are monitoring sessions' alert channels
                         * @enum {string}
                         */
                        kind: "splunk" | "sentinel" | "syslog" | "alert_webhook" | "alert_email";
                        ok: boolean;
                        target_id: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no SIEM target with this id (or it was removed) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Sources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the sources not removed, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sources: components["schemas"]["Source"][];
                        total: number;
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Sources: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description logfile: the absolute path or glob to tail; gateway: the upstream base URL; otel/webhook: a free label */
                    endpoint?: string;
                    /** @description unique among sources */
                    name: string;
                    /** @description type options; each type takes only its own */
                    options?: {
                        /** @description gateway: answer 503 when a call cannot be recorded */
                        fail_closed?: boolean;
                        /** @description logfile: "ndjson" (default) or an object mapping event fields (session, agent, type, timestamp, event_id, framework, model, prompt, completion, tokens_prompt, tokens_completion) to dotted paths in each line */
                        format?: string | Record<string, never>;
                        /** @description gateway: the upstream timeout */
                        timeout_ms?: number;
                    };
                    /** @enum {string} */
                    type: "otel" | "webhook" | "logfile" | "gateway";
                };
            };
        };
        responses: {
            /** @description the source, its credential (this once) and how to connect */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connect: {
                            /** @description the header to send, with a <token> placeholder */
                            header: string | null;
                            /** @description logfile: the path or glob tailed */
                            path?: string;
                            /** @description the receiver's URL (null for a log file) */
                            url: string | null;
                        };
                        /** @description otel/gateway: the ingest token; webhook: the signing secret; logfile: null */
                        credential: {
                            /** @enum {string} */
                            kind: "token" | "webhook_secret";
                            value: string;
                        } | null;
                        source: components["schemas"]["Source"];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1SourcesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the source */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Source"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no source with this id, or it was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1SourcesId: {
        parameters: {
            query?: {
                /** @description also blank the prompt and completion of its events (default false) */
                purge?: boolean;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the source removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description events whose content was blanked (purge=true), else 0 */
                        purged_events: number;
                        removed_at: string;
                        source_id: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no source with this id, or it was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1SourcesIdEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TraceIngestionRequest"] | components["schemas"]["Event"];
            };
        };
        responses: {
            /** @description dry run (X-Evid-Dry-Run: 1): what would be appended; nothing is stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the principal: the source id */
                        authenticated_as: string;
                        /** @enum {boolean} */
                        dry_run: true;
                        sessions: components["schemas"]["MappedSession"][];
                        source_id: string;
                    };
                };
            };
            /** @description accepted: what was stored is committed; sessions refused one by one are in rejected */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description events stored */
                        accepted: number;
                        /** @description events already stored, skipped */
                        duplicates: number;
                        rejected: {
                            error: {
                                /** @description the HTTP status it would have had alone */
                                code: number;
                                message: string;
                                /** @description validation, invalid_text, kill_switch_active, ... */
                                type: string;
                            };
                            /** @description absent when the session had none */
                            session_id?: string;
                        }[];
                        sessions: {
                            /** @description true when this delivery started the session's trace */
                            created: boolean;
                            /** @description events whose event_id was already stored */
                            duplicates: number;
                            events_ingested: number;
                            findings_generated: number;
                            session_id: string;
                            trace_id: string;
                        }[];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no webhook source with this id (unknown, removed, or another type) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1SourcesIdTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the source's own token (otel, gateway) */
                    token?: string;
                };
            };
        };
        responses: {
            /** @description whether the sample went through, and why not (ok false is still a 200) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: the receiver refused the credential (401/403); null: not known */
                        authenticated: boolean | null;
                        /** @description the principal the receiver took the caller for */
                        authenticated_as: string | null;
                        /**
                         * @description how the sample authenticated (null: a log file, or not sent)
                         * @enum {string|null}
                         */
                        credential: "source token" | "EVID_API_KEY" | "caller" | "webhook signature" | null;
                        /** @description the first mapped event */
                        event: components["schemas"]["Event"] | null;
                        /** @description logfile: the files the path or glob matches */
                        files?: string[];
                        /** @description the receiver's status */
                        http_status: number | null;
                        /** @description the round trip */
                        latency_ms: number | null;
                        name: string;
                        ok: boolean;
                        /** @description why it failed (null when ok) */
                        reason: string | null;
                        /** @description what the sample maps to (the receiver's dry run; a log file's last line) */
                        sessions: components["schemas"]["MappedSession"][];
                        source_id: string;
                        /** @description the receiver's URL, or the log file's path or glob */
                        target: string;
                        /** @enum {string} */
                        type: "otel" | "webhook" | "logfile" | "gateway";
                    };
                };
            };
            /** @description invalid input, or an otel/gateway source tested with no token and no bearer credential of the caller */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no source with this id, or it was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Traces: {
        parameters: {
            query?: {
                agent?: string;
                framework?: string;
                /** @description page size (default 50) */
                limit?: number;
                /** @description rows to skip (default 0) */
                offset?: number;
                /** @description 1-based page (with page_size), instead of offset */
                page?: number;
                /** @description same as limit */
                page_size?: number;
                /** @description text search: trace_id, session_id or agent containing it, or an event whose prompt or completion contains it (case-insensitive for ASCII; `evid traces list --search`) */
                q?: string;
                /** @description session_id */
                session?: string;
                /** @description ISO 8601 date or date-time, or a duration before now such as 7d */
                since?: string;
                /** @description traces holding an event of this type */
                type?: string;
                /** @description ISO 8601 date or date-time, or a duration */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a page of trace summaries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offset?: number;
                        page: number;
                        page_size: number;
                        total: number;
                        traces: components["schemas"]["TraceSummary"][];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Traces: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TraceIngestionRequest"];
            };
        };
        responses: {
            /** @description accepted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestionResponse"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1TracesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the trace with its attributes, its events in order, and its findings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Trace"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no trace with this trace_id or session_id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1TracesIdEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: components["schemas"]["Event"][];
                };
            };
        };
        responses: {
            /** @description appended */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description events skipped: their event_id was stored */
                        duplicates: number;
                        events_ingested: number;
                        findings_generated: number;
                        session_id: string;
                        /** @enum {string} */
                        status: "accepted";
                        trace_id: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no trace with this trace_id or session_id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Users: {
        parameters: {
            query?: {
                /** @description include removed users (default false) */
                all?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the users, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["User"][];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Users: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the login name */
                    email: string;
                    /** @description at least 12 characters; stored as a scrypt hash, never answered */
                    password: string;
                    /** @description viewer, analyst, admin */
                    role: string;
                };
            };
        };
        responses: {
            /** @description the user added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description a user with this e-mail exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1UsersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description user_id or e-mail */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the user, removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no live user with this user_id or e-mail */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1UsersIdPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description user_id or e-mail */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description at least 12 characters; stored as a scrypt hash, never answered */
                    password: string;
                };
            };
        };
        responses: {
            /** @description the user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no live user with this user_id or e-mail */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1UsersIdRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description user_id or e-mail */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description viewer, analyst, admin */
                    role: string;
                };
            };
        };
        responses: {
            /** @description the user with the new role */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no live user with this user_id or e-mail */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the user already has this role */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postGatewayIdV1ChatCompletions: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description the upstream's answer, or a dry run's */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayDryRun"] | {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no gateway source with this id, or it was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error: evid's Error body before the call is forwarded, OpenAI's once it is */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream is down or refused the connection */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the kill switch stops the agent, or a fail-closed source could not record the call */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream did not answer within the source timeout_ms */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postGatewayIdV1Embeddings: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description the upstream's answer, or a dry run's */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayDryRun"] | {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no gateway source with this id, or it was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error: evid's Error body before the call is forwarded, OpenAI's once it is */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream is down or refused the connection */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the kill switch stops the agent, or a fail-closed source could not record the call */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream did not answer within the source timeout_ms */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGatewayIdV1Models: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the upstream's answer, or a dry run's */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayDryRun"] | {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no gateway source with this id, or it was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error: evid's Error body before the call is forwarded, OpenAI's once it is */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream is down or refused the connection */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the kill switch stops the agent, or a fail-closed source could not record the call */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream did not answer within the source timeout_ms */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postGatewayIdV1Responses: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description the upstream's answer, or a dry run's */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayDryRun"] | {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no gateway source with this id, or it was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error: evid's Error body before the call is forwarded, OpenAI's once it is */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream is down or refused the connection */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the kill switch stops the agent, or a fail-closed source could not record the call */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description the upstream did not answer within the source timeout_ms */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenAIError"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Agents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents: {
                            actor?: string;
                            added_at?: string;
                            agent_id: string;
                            capabilities: string[];
                            /** @description command, cwd, env allow-list (names only) or url, protocol, model */
                            configuration: {
                                [key: string]: unknown;
                            };
                            description?: string;
                            name: string;
                            /** @enum {string} */
                            type: "command" | "http";
                            version: number;
                        }[];
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1AlignmentEvaluate: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model_url: string;
                    /** @description objectives, or ["ao_..."] (a stored set) */
                    objectives: unknown[];
                    test_cases?: {
                        expected_properties?: string[];
                        input?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description the run, done (with its result) or failed (with error) within 20 s */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlignmentEvaluationRun"];
                };
            };
            /** @description the run still running: poll its status_url */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlignmentEvaluationRun"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1AlignmentEvaluateId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the run, as POST answered it once done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlignmentEvaluationRun"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no alignment evaluation run with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1AlignmentObjectives: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description usage context */
                    context?: string;
                    /** @description e.g. healthcare, retail */
                    domain?: string;
                    /** @description plain-language objectives, e.g. "never reveal customer PII" */
                    objectives: unknown[];
                };
            };
        };
        responses: {
            /** @description the stored set: each objective with its checks, guidance and policy fragment */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlignmentObjectiveSet"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1AlignmentObjectivesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description as POST /v1/alignment/objectives answered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlignmentObjectiveSet"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no objective set with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1AnalysisSafetyGuard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the guard model of the live policy and what the guard worker has done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description answers the guard judged */
                        checked: number;
                        configured: boolean;
                        /** @description guard:<model>; null when no guard is configured */
                        detector: string | null;
                        endpoint: string | null;
                        /** @description answers the guard could not judge */
                        failed: number;
                        flagged: number;
                        format: string | null;
                        last_error: string | null;
                        updated_at: string | null;
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1AnalysisSafetyModel: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description jailbreak, prompt_injection, pii_leakage, secret_leakage, harmful_instructions, toxicity (default all) */
                    categories?: string[];
                    model_url: string;
                    /** @description comprehensive (default) or quick */
                    test_suite?: string;
                };
            };
        };
        responses: {
            /** @description the run, done (with its result) or failed (with error) within 20 s */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelAnalysisRun"];
                };
            };
            /** @description the run still running: poll its status_url */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelAnalysisRun"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1AnalysisSafetyModelId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the run, as POST answered it once done */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelAnalysisRun"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no model analysis run with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1AnalysisSafetyText: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    categories?: string[];
                    content: string;
                    threshold?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        categories_checked?: string[];
                        category_scores: {
                            [key: string]: number;
                        };
                        concerns: {
                            categories?: string[];
                            category?: string;
                            detector?: string;
                            excerpt?: string;
                            explanation?: string;
                            match?: string;
                            score?: number;
                            severity?: string;
                            span?: {
                                end?: number;
                                start?: number;
                            };
                            type?: string;
                        }[];
                        flagged: boolean;
                        policy_version?: number;
                        threshold: number;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1AuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    api_key: string;
                    api_secret: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        expires_at: string;
                        /** @description seconds */
                        expires_in?: number;
                        /** @description send as Authorization: Bearer <token> */
                        token: string;
                        /** @enum {string} */
                        token_type?: "Bearer";
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteV1AuthToken: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token?: string;
                } | null;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        expires_at?: string;
                        revoked: boolean;
                        /** Format: date-time */
                        revoked_at: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ComplianceAssessment: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    frameworks: string[];
                    system_id: string;
                    system_metadata?: {
                        capabilities?: string[];
                        data_types?: string[];
                        description?: string;
                        domain?: string;
                    };
                };
            };
        };
        responses: {
            /** @description the stored, ledgered assessment: risk class, score per framework, gaps */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description as_<ULID> */
                        assessment_id: string;
                        created_at: string;
                        created_by: string;
                        frameworks: {
                            controls: {
                                id: string;
                                ref: string;
                                /** @enum {string} */
                                status: "pass" | "partial" | "fail";
                                summary: string;
                                title: string;
                            }[];
                            counts: {
                                fail: number;
                                partial: number;
                                pass: number;
                            };
                            /** @enum {string} */
                            framework: "eu-ai-act" | "gdpr" | "nist-ai-rmf" | "iso-42001";
                            name: string;
                            score: number;
                        }[];
                        /** @description controls not passed, and documents a high-risk system lacks */
                        gaps: {
                            control_id: string;
                            framework: string;
                            recommendation: string;
                            ref: string;
                            /** @enum {string} */
                            status: "fail" | "partial" | "missing";
                            summary: string;
                            title: string;
                        }[];
                        /** @description 0..100, the mean of the frameworks */
                        overall_score: number;
                        /** @description first and last event time of the evidence scored */
                        period: {
                            from: string | null;
                            to: string | null;
                        };
                        recommendations: string[];
                        /** @description the EU AI Act risk class and what it obliges */
                        risk: {
                            obligations: string[];
                            reasons: string[];
                            /** @enum {string} */
                            risk_class: "prohibited" | "high" | "limited" | "minimal";
                        };
                        /** @description the agent whose evidence was scored */
                        system_id: string;
                        /** @description as the request sent it (description, domain, capabilities, data_types, ...) */
                        system_metadata: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no evidence recorded for this system_id (no trace of that agent) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ComplianceDocumentation: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assessment_id: string;
                    document_type: string;
                    /** @enum {string} */
                    format?: "pdf" | "docx" | "html";
                };
            };
        };
        responses: {
            /** @description the document as an attachment: application/pdf (default), docx or text/html as format asks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no assessment with this assessment_id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ComplianceFrameworks: {
        parameters: {
            query?: {
                domain?: string;
                region?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        frameworks: {
                            binding: boolean;
                            controls: {
                                citation: string;
                                id: string;
                                ref: string;
                                title: string;
                                weight: number;
                            }[];
                            description: string;
                            document_types: string[];
                            /** @description domains it names specifically; [] = any domain */
                            domains: string[];
                            /** @enum {string} */
                            id: "eu-ai-act" | "gdpr" | "nist-ai-rmf" | "iso-42001";
                            name: string;
                            /** @enum {string} */
                            region: "EU" | "US" | "global";
                        }[];
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1Execute: {
        parameters: {
            query?: {
                /** @description how long to wait for the end before answering 202 running (default 30000) */
                wait_ms?: number;
            };
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description specific agents to use; default: the workflow's own */
                    agents?: string[];
                    /** @description input data for the workflow */
                    input: {
                        [key: string]: unknown;
                    };
                    /** @description name or workflow_id */
                    workflow: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents?: string[];
                        error?: string | null;
                        execution_id: string;
                        finished_at?: string | null;
                        input?: {
                            [key: string]: unknown;
                        };
                        metrics: {
                            /** @description USD when every model call reported one */
                            cost?: number | null;
                            duration_ms?: number;
                            /** @description steps completed */
                            steps?: number;
                            tokens?: number;
                        } | null;
                        /** @description the workflow's output (null until it succeeds; blocked: the step and findings) */
                        result: unknown;
                        started_at?: string;
                        started_by?: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "blocked";
                        /** @description the trace holding its events */
                        trace_id?: string | null;
                        workflow?: string;
                        workflow_id?: string;
                    };
                };
            };
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents?: string[];
                        error?: string | null;
                        execution_id: string;
                        finished_at?: string | null;
                        input?: {
                            [key: string]: unknown;
                        };
                        metrics: {
                            /** @description USD when every model call reported one */
                            cost?: number | null;
                            duration_ms?: number;
                            /** @description steps completed */
                            steps?: number;
                            tokens?: number;
                        } | null;
                        /** @description the workflow's output (null until it succeeds; blocked: the step and findings) */
                        result: unknown;
                        started_at?: string;
                        started_by?: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "blocked";
                        /** @description the trace holding its events */
                        trace_id?: string | null;
                        workflow?: string;
                        workflow_id?: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ExecutionsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents?: string[];
                        error?: string | null;
                        execution_id: string;
                        finished_at?: string | null;
                        input?: {
                            [key: string]: unknown;
                        };
                        metrics: {
                            /** @description USD when every model call reported one */
                            cost?: number | null;
                            duration_ms?: number;
                            /** @description steps completed */
                            steps?: number;
                            tokens?: number;
                        } | null;
                        /** @description the workflow's output (null until it succeeds; blocked: the step and findings) */
                        result: unknown;
                        started_at?: string;
                        started_by?: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "blocked";
                        /** @description the trace holding its events */
                        trace_id?: string | null;
                        workflow?: string;
                        workflow_id?: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no execution with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1ExecutionsIdCancel: {
        parameters: {
            query?: {
                /** @description how long to wait for the end before answering 202 running (default 30000) */
                wait_ms?: number;
            };
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents?: string[];
                        error?: string | null;
                        execution_id: string;
                        finished_at?: string | null;
                        input?: {
                            [key: string]: unknown;
                        };
                        metrics: {
                            /** @description USD when every model call reported one */
                            cost?: number | null;
                            duration_ms?: number;
                            /** @description steps completed */
                            steps?: number;
                            tokens?: number;
                        } | null;
                        /** @description the workflow's output (null until it succeeds; blocked: the step and findings) */
                        result: unknown;
                        started_at?: string;
                        started_by?: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "blocked";
                        /** @description the trace holding its events */
                        trace_id?: string | null;
                        workflow?: string;
                        workflow_id?: string;
                    };
                };
            };
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents?: string[];
                        error?: string | null;
                        execution_id: string;
                        finished_at?: string | null;
                        input?: {
                            [key: string]: unknown;
                        };
                        metrics: {
                            /** @description USD when every model call reported one */
                            cost?: number | null;
                            duration_ms?: number;
                            /** @description steps completed */
                            steps?: number;
                            tokens?: number;
                        } | null;
                        /** @description the workflow's output (null until it succeeds; blocked: the step and findings) */
                        result: unknown;
                        started_at?: string;
                        started_by?: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "blocked";
                        /** @description the trace holding its events */
                        trace_id?: string | null;
                        workflow?: string;
                        workflow_id?: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description no execution with this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the execution had already finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1Logs: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description the export response (application/x-protobuf for a protobuf request), or a dry run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpLogsDryRun"] | components["schemas"]["ExportLogsServiceResponse"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
        };
    };
    postV1MonitoringEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    event_data: Record<string, never>;
                    event_type: string;
                    session_id: string;
                };
            };
        };
        responses: {
            /** @description logged, with the alerts it raised and the channels told */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alerts: {
                            alert_id: string;
                            at: string;
                            detector?: string;
                            event_id: string;
                            finding_id?: string;
                            limit?: number;
                            message: string;
                            /** @enum {string} */
                            rule: "finding" | "latency" | "confidence";
                            score?: number;
                            severity: string;
                            type?: string;
                            value?: number;
                        }[];
                        /** @description mev_<ULID> */
                        event_id: string;
                        /** @description findings the detectors made of it */
                        findings: number;
                        /** @description the channels the alerts are queued to (delivered by the outbox) */
                        notified: {
                            channel_id: string;
                            /** @enum {string} */
                            type: "webhook" | "email";
                        }[];
                        session_id: string;
                        /** @enum {string} */
                        status: "logged";
                        trace_id: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1MonitoringMetrics: {
        parameters: {
            query: {
                metrics?: string;
                session_id: string;
                time_range?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        from?: string;
                        interval: string;
                        metrics: {
                            [key: string]: {
                                /** Format: date-time */
                                timestamp?: string;
                                value?: number | null;
                            }[];
                        };
                        session_id: string;
                        system_id?: string;
                        time_range?: string;
                        /** Format: date-time */
                        to?: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1MonitoringSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alert_channels?: {
                        destination: string;
                        /** @enum {string} */
                        type: "webhook" | "email";
                    }[];
                    monitoring_config?: {
                        confidence_min?: number;
                        interval?: string;
                        latency_max?: number;
                        metrics?: ("event_count" | "latency_mean" | "latency_p95" | "confidence_mean" | "flagged_rate" | "alerts")[];
                        threshold?: number;
                    };
                    system_id: string;
                };
            };
        };
        responses: {
            /** @description the session (a monitoring trace), its configuration with defaults filled in */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alert_channels: {
                            channel_id: string;
                            destination: string;
                            /** @description webhook channels only, shown this once: HMAC key of X-Evid-Signature */
                            signing_secret?: string;
                            /** @enum {string} */
                            type: "webhook" | "email";
                        }[];
                        /** Format: date-time */
                        created_at: string;
                        monitoring_config: {
                            /** @description null: no confidence alert */
                            confidence_min: number | null;
                            /** @description metrics bucket, e.g. 5m */
                            interval: string;
                            /** @description ms; null: no latency alert */
                            latency_max: number | null;
                            metrics: ("event_count" | "latency_mean" | "latency_p95" | "confidence_mean" | "flagged_rate" | "alerts")[];
                            /** @description detector threshold for its events */
                            threshold: number;
                        };
                        /** @description mon_<ULID> */
                        session_id: string;
                        /** @enum {string} */
                        status: "active";
                        system_id: string;
                        trace_id: string;
                    };
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description request body is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1Traces: {
        parameters: {
            query?: never;
            header?: {
                /** @description replaying the same key and body returns the first answer; another body is 409 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description the export response (application/x-protobuf for a protobuf request), or a dry run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpTracesDryRun"] | components["schemas"]["ExportTraceServiceResponse"];
                };
            };
            /** @description invalid input (`error.type` validation, or invalid_text for invalid UTF-8 or a lone surrogate); `error.field` names the field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description conflict: duplicate session_id/event_id, or an Idempotency-Key reused with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description request body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description intake refused: the kill switch is active (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
            /** @description intake refused: an operator quota is reached (EVID_QUOTA_STORE_BYTES, EVID_QUOTA_EVENTS) */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtlpStatus"];
                };
            };
        };
    };
    getV1Workflows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflows: {
                            actor?: string;
                            added_at?: string;
                            /** @description its default agents */
                            agents?: string[];
                            /** @description steps, output, limits, block_severity, as registered */
                            configuration: {
                                [key: string]: unknown;
                            };
                            description?: string;
                            name: string;
                            version: number;
                            workflow_id: string;
                        }[];
                    };
                };
            };
            /** @description missing or invalid credential */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description the credential's role lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate limit exceeded (see X-RateLimit-* and Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal error (X-Trace-Id header carries the id to quote) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
