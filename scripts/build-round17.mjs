#!/usr/bin/env node
// Round 17 of the external sets (src/detect/README.md, "Round 17"): secrets only, from
// repositories no earlier round used, and spread over many products rather than one vendor's
// documentation (round 16 was mostly HashiCorp's). Sources, by kind:
// - vendor API documentation that prints the credentials its product issues: Kong's plugin
//   docs (key-auth keys, JWT and HMAC credentials, OAuth 2.0 tokens; Kong/docs.konghq.com),
//   GitLab's API docs (deploy, runner and trigger tokens, a PRIVATE-TOKEN header;
//   gitlabhq/gitlabhq), Elasticsearch's security API docs (API keys, OAuth2 tokens, elided
//   service tokens), Kubernetes' docs (Secret manifests, `kubectl create secret` passwords,
//   bootstrap and bearer tokens; kubernetes/website), Discord's API docs (bot token, OAuth2
//   responses, a webhook token), Mastodon's, Gitea's, Rocket.Chat's and Cloudflare's API docs,
//   GitHub's docs (a GitHub App token response, webhook signature values), npm's `npm token`
//   docs, Neon's connection-string docs, AWS CLI examples (its EXAMPLE keys);
// - library and framework documentation: PyJWT's usage docs, Flask's quickstart, FastAPI's
//   security tutorial, PRAW's authentication docs, python-gitlab's usage docs, twitch-js'
//   API docs, Supabase's self-hosting `.env.example`, a blog post's Airflow Fernet key;
// - test fixtures of libraries that parse keys and tokens: paramiko's SSH keys (OpenSSH, PEM,
//   encrypted), PyJWT's, node-jsonwebtoken's and ruby-jwt's keys, java-jwt's and PyJWT's
//   JWTs, google-auth-library-python's service-account JSON, Sentry Relay's data-scrubbing
//   test keys, PyPI's token-leak disclosure tests (pypi/warehouse), and, as negatives only,
//   1Password shell-plugins' fixtures (every value ends in EXAMPLE) and the test strings in
//   pseudo-security/slacksecrets' YARA rules (a Slack-history scanner whose regexes follow
//   truffleHog's; every test string there is a placeholder: 1111, XXXX, deadbeef, TestCase).
// Every text is copied from its source (named per sample), cut to the lines around the value;
// no value was edited. No positive value here appears in an earlier round's files (checked by
// grepping test/fixtures/detect/ for each value), and a value of 16+ characters appears in
// one text only (one text per value, so the two halves share none; where a doc repeats a
// value, one occurrence was taken). Values found only in personal repositories (Azure
// connection strings, Telegram and Grafana tokens, copies of vendor examples) were not taken:
// they look like live credentials their owners committed. Labels follow the written
// convention (test/fixtures/detect/readers/CONVENTION.md). Choices this round needed:
// Supabase's published demo JWTs (ANON_KEY, SERVICE_ROLE_KEY) are `secret.jwt` (the
// convention's only famous JWT is jwt.io's John Doe token), while java-jwt's copy of jwt.io's
// older John Doe token (`"admin":true`) is a negative; a JWT split over concatenated string
// literals (PyJWT's tests) is still `secret.jwt`; a UUID sent as `Authorization: Bearer` and a
// Kubernetes bootstrap token are `secret.generic_api_key` (credentials, not ids), while a
// Twitch client ID on its own is an id; an npm legacy UUID token printed by `npm token create`
// is `secret.npm_token`; GitLab deploy, runner and trigger tokens and a 20-character
// PRIVATE-TOKEN are `secret.gitlab_token`; the 40-hex `github_oauth_token` in PyPI's
// disclosure payload and GitHub's `ghu_`/`ghr_` example (inside Liquid tags) are
// `secret.github_token`; a JWK `oct` key, Kong key-auth keys and HMAC secrets, OAuth access
// and refresh tokens, a Fernet key, Flask's and FastAPI's example secret keys and Gitea's token
// (shown under `sha1`, with the sentence that says it is the token) are
// `secret.generic_api_key`; the Heroku-style password in PRAW's docs and the passwords given
// to `kubectl create secret --from-literal` are `secret.password`; every PEM or OpenSSH
// private key with a body, encrypted ones included, is `secret.private_key`. Negatives:
// public keys and certificates, HMAC and webhook signatures, bcrypt hashes, values elided
// with `...` or `…`, placeholders (`<your_access_token>`, `XXX`, `your_client_secret_here`,
// `SOME-CLIENT-SECRET`), EXAMPLE-suffixed and filler-word values (1Password fixtures, AWS
// CLI examples, Elastic's access token that decodes to "this is not a real token"), word
// values (`s3cr3t`, `secret456`, `shhhhhh`, `iluvtests`, `my$up3erP@ssw0rd`, Supabase's
// `your-super-secret-...`), Neon's `AbC123dEf` (abc123def typed in mixed case) and RFC
// 6749's sample Basic credential `czZCaGRSa3F0MzpnWDFmQmF0M2JW` (a famous example, like
// `Aladdin:open sesame`). Left out rather than argued: Discord's sample client secret
// (`937it3ow87i4ery69876wqire`, a keyboard run) and a Kong secret with a run typed into it.
// The split is the corpus rule: the first byte of the SHA-256 of the text, even to
// external17-dev.jsonl (tuned on), odd to heldout/external17-heldout.jsonl (scored once).

import { writeRound } from './round-split.mjs';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });

const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const PK = 'secret.private_key';
const JWT = 'secret.jwt';
const GL = 'secret.gitlab_token';
const GH = 'secret.github_token';
const NPM = 'secret.npm_token';
const DISCORD = 'secret.discord_bot_token';

// paramiko/paramiko
add(
  'paramiko/paramiko tests/_support/ed25519.key',
  [PK],
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACB69SvZKJh/9VgSL0G27b5xVYa8nethH3IERbi0YqJDXwAAAKhjwAdrY8AH\nawAAAAtzc2gtZWQyNTUxOQAAACB69SvZKJh/9VgSL0G27b5xVYa8nethH3IERbi0YqJDXw\nAAAEA9tGQi2IrprbOSbDCF+RmAHd6meNSXBUQ2ekKXm4/8xnr1K9komH/1WBIvQbbtvnFV\nhryd62EfcgRFuLRiokNfAAAAI2FsZXhfZ2F5bm9yQEFsZXhzLU1hY0Jvb2stQWlyLmxvY2\nFsAQI=\n-----END OPENSSH PRIVATE KEY-----\n',
);
add(
  'paramiko/paramiko tests/_support/ed448.key',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMEcCAQAwBQYDK2VxBDsEOcvcl9IoD0ktR5RWtW84NM7O2e4LmD2cWfRg7Wht/OA9\nPOkmRW12VNvlP6BsXKir5yygumIjD91SQQ==\n-----END PRIVATE KEY-----\n',
);
add(
  'paramiko/paramiko tests/test_ecdsa_384.key',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDBDdO8IXvlLJgM7+sNtPl7tI7FM5kzuEUEEPRjXIPQM7mISciwJPBt+\ny43EuG8nL4mgBwYFK4EEACKhZANiAAQWxom0C1vQAGYhjdoREMVmGKBWlisDdzyk\nmgyUjKpiJ9WfbIEVLsPGP8OdNjhr1y/8BZNIts+dJd6VmYw+4HzB+4F+U1Igs8K0\nJEvh59VNkvWheViadDXCM2MV8Nq+DNg=\n-----END EC PRIVATE KEY-----\n',
);
add(
  'paramiko/paramiko tests/test_ed25519_password.key',
  [PK],
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jYmMAAAAGYmNyeXB0AAAAGAAAABDaKD4ac7\nkieb+UfXaLaw68AAAAEAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAIOQn7fjND5ozMSV3\nCvbEtIdT73hWCMRjzS/lRdUDw50xAAAAsE8kLGyYBnl9ihJNqv378y6mO3SkzrDbWXOnK6\nij0vnuTAvcqvWHAnyu6qBbplu/W2m55ZFeAItgaEcV2/V76sh/sAKlERqrLFyXylN0xoOW\nNU5+zU08aTlbSKGmeNUU2xE/xfJq12U9XClIRuVUkUpYANxNPbmTRpVrbD3fgXMhK97Jrb\nDEn8ca1IqMPiYmd/hpe5+tq3OxyRljXjCUFWTnqkp9VvUdzSTdSGZHsW9i\n-----END OPENSSH PRIVATE KEY-----\n',
);
add(
  'paramiko/paramiko tests/test_ecdsa_password_256.key',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,EEB56BC745EDB2DE04FC3FE1F8DA387E\n\nwdt7QTCa6ahTJLaEPH7NhHyBcxhzrzf93d4UwQOuAhkM6//jKD4lF9fErHBW0f3B\nExberCU3UxfEF3xX2thXiLw47JgeOCeQUlqRFx92p36k6YmfNGX6W8CsZ3d+XodF\nZ+pb6m285CiSX+W95NenFMexXFsIpntiCvTifTKJ8os=\n-----END EC PRIVATE KEY-----\n',
);
add(
  'paramiko/paramiko tests/cert_support/test_ecdsa_256.key',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIKB6ty3yVyKEnfF/zprx0qwC76MsMlHY4HXCnqho2eKioAoGCCqGSM49\nAwEHoUQDQgAElI9mbdlaS+T9nHxY/59lFnn80EEecZDBHq4gLpccY8Mge5ZTMiMD\nADRvOqQ5R98Sxst765CAqXmRtz8vwoD96g==\n-----END EC PRIVATE KEY-----\n',
);
add(
  'paramiko/paramiko tests/_support/ecdsa-256.key-cert.pub',
  [],
  'ecdsa-sha2-nistp256-cert-v01@openssh.com AAAAKGVjZHNhLXNoYTItbmlzdHAyNTYtY2VydC12MDFAb3BlbnNzaC5jb20AAAAgJ+ZkRXedIWPl9y6fvel60p47ys5WgwMSjiwzJ2Ho+4MAAAAIbmlzdHAyNTYAAABBBJSPZm3ZWkvk/Zx8WP+fZRZ5/NBBHnGQwR6uIC6XHGPDIHuWUzIjAwA0bzqkOUffEsbLe+uQgKl5kbc/L8KA/eoAAAAAAAAAAAAAAAEAAAAJdXNlcl90ZXN0AAAACAAAAAR0ZXN0AAAAAAAAAAD//////////wAAAAAAAACCAAAAFXBlcm1pdC1YMTEtZm9yd2FyZGluZwAAAAAAAAAXcGVybWl0LWFnZW50LWZvcndhcmRpbmcAAAAAAAAAFnBlcm1pdC1wb3J0LWZvcndhcmRpbmcAAAAAAAAACnBlcm1pdC1wdHkAAAAAAAAADnBlcm1pdC11c2VyLXJjAAAAAAAAAAAAAAEXAAAAB3NzaC1yc2EAAAADAQABAAABAQDskr46Umjxh3wo7PoPQsSVS3xt6+5PhwmXrnVtBBnkOo+zHRwQo8G8sY+Lc6oOOzA5GCSawKOwqE305GIDfB8/L9EKOkAjdN18imDjw/YuJFA4bl9yFhsXrCb1GZPJw0pJ0H0Eid9EldyMQAhGE49MWvnFMQl1TgO6YWq/g71xAFimge0LvVWijlbMy7O+nsGxSpinIprV5S9Viv8XC/ku89tadZfca1uxq751aGfAWGeYrVytpUl8UO0ggqH6BaUvkDU7rWh2n5RHUTvgzceKWnz5wqd8BngK37WmJjAgCtHCJS5ZRf6oJGj2QVcqc6cjvEFWsCuOKB4KAjktauWxAAABDwAAAAdzc2gtcnNhAAABALdnEil8XIFkcgLZgYwS2cIQPHetUzMNxYCqzk7mSfVpCaIYNTr27RG+f+sD0cerdAIUUvhCT7iA82/Y7wzwkO2RUBi61ATfw9DDPPRQTDfix1SSRwbmPB/nVI1HlPMCEs6y48PFaBZqXwJPS3qycgSxoTBhaLCLzT+r6HRaibY7kiRLDeL3/WHyasK2PRdcYJ6KrLd0ctQcUHZCLK3fJfMfuQRg8MZLVrmK3fHStCXHpRFueRxUhZjaiS9evA/NtzEQhf46JDClQ2rLYpSqSg7QUR/rKwqWWyMuQkOHmlJw797VVa+ZzpUFXP7ekWel3FaBj8IHiimIA7Jm6dOCLm4= tests/test_ecdsa_256.key.pub\n',
);

// jpadilla/pyjwt
add(
  'jpadilla/pyjwt docs/usage.rst',
  [JWT],
  ".. code-block:: python\n\n    >>import jwt\n    >>key = 'secret'\n    >>encoded = jwt.encode({'some': 'payload'}, key, algorithm='HS256')\n    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzb21lIjoicGF5bG9hZCJ9.4twFt5NiznN84AWoo1d7KO1T_yoc0Z6XOpOVswacPZg'\n    >>decoded = jwt.decode(encoded, key, algorithms='HS256')\n    {'some': 'payload'}\n",
);
add(
  'jpadilla/pyjwt docs/usage.rst',
  [JWT],
  "    >>jwt.encode({'some': 'payload'}, 'secret', algorithm='HS256', headers={'kid': '230498151c214b788dd97f22b85410a5'})\n    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IjIzMDQ5ODE1MWMyMTRiNzg4ZGQ5N2YyMmI4NTQxMGE1In0.eyJzb21lIjoicGF5bG9hZCJ9.DogbDGmMHgA_bU05TAB-R6geQ2nMU2BRM-LnYEtefwg'\n",
);
add(
  'jpadilla/pyjwt docs/usage.rst',
  [],
  ".. code-block:: python\n\n    >>import jwt\n    >>private_key = b'-----BEGIN PRIVATE KEY-----\\nMIGEAgEAMBAGByqGSM49AgEGBS...'\n    >>public_key = b'-----BEGIN PUBLIC KEY-----\\nMHYwEAYHKoZIzj0CAQYFK4EEAC...'\n    >>encoded = jwt.encode({'some': 'payload'}, private_key, algorithm='RS256')\n    'eyJhbGciOiJIU...'\n",
);
add(
  'jpadilla/pyjwt tests/test_api_jws.py',
  [JWT],
  "    def test_decode_works_with_unicode_token(self, jws):\n        secret = 'secret'\n        unicode_jws = text_type(\n            'eyJhbGciOiAiSFMyNTYiLCAidHlwIjogIkpXVCJ9'\n            '.eyJoZWxsbyI6ICJ3b3JsZCJ9'\n            '.tvagLDLoaiJKxOKqpBXSEGy7SYSifZhjntgm9ctpyj8')\n\n        jws.decode(unicode_jws, secret)\n",
);
add(
  'jpadilla/pyjwt tests/test_api_jws.py',
  [JWT],
  "    def test_decode_algorithm_param_should_be_case_sensitive(self, jws):\n        example_jws = ('eyJhbGciOiJoczI1NiIsInR5cCI6IkpXVCJ9'  # alg = hs256\n                       '.eyJoZWxsbyI6IndvcmxkIn0'\n                       '.5R_FEPE7SW2dT9GgIxPgZATjFGXfUDOSwo7TtO_Kd_g')\n",
);
add(
  'jpadilla/pyjwt tests/test_api_jws.py',
  [JWT],
  "        example_jws = (\n            b'eyJhbGciOiJSUzM4NCIsInR5cCI6IkpXVCJ9'\n            b'.eyJoZWxsbyI6IndvcmxkIn0'\n            b'.yNQ3nI9vEDs7lEh-Cp81McPuiQ4ZRv6FL4evTYYAh1X'\n            b'lRTTR3Cz8pPA9Stgso8Ra9xGB4X3rlra1c8Jz10nTUju'\n            b'O06OMm7oXdrnxp1KIiAJDerWHkQ7l3dlizIk1bmMA457'\n            b'W2fNzNfHViuED5ISM081dgf_a71qBwJ_yShMMrSOfxDx'\n            b'mX9c4DjRogRJG8SM5PvpLqI_Cm9iQPGMvmYK7gzcq2cJ'\n            b'urHRJDJHTqIdpLWXkY7zVikeen6FhuGyn060Dz9gYq9t'\n            b'uwmrtSWCBUjiN8sqJ00CDgycxKqHfUndZbEAOjcCAhBr'\n            b'qWW3mSVivUfubsYbwUdUG3fSRPjaUPcpe8A')\n        decoded_payload = jws.decode(example_jws, example_pubkey)\n",
);
add(
  'jpadilla/pyjwt tests/keys/testkey_ec.priv',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2nninfu2jMHDwAbn\n9oERUhRADS6duQaJEadybLaa0YShRANCAAQfMBxRZKUYEdy5/fLdGI2tYj6kTr50\nPZPt8jOD23rAR7dhtNpG1ojqopmH0AH5wEXadgk8nLCT4cAPK59Qp9Ek\n-----END PRIVATE KEY-----\n',
);
add(
  'jpadilla/pyjwt tests/keys/testkey_ed25519',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIBy9N4xfv/9qOiKrxwRKeGfO5ab6lSukKHbuC5vaJ1Mg\n-----END PRIVATE KEY-----\n',
);
add(
  'jpadilla/pyjwt tests/keys/testkey_ec_secp256k1.priv',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMHQCAQEEIPhyDYOS5OjCnHDqR68TXFqYDevhZ9mHHPc4k8FB+1XYoAcGBSuBBAAK\noUQDQgAExDRkGyI5+fA8/tdEOblMcklKEb/T1BezNIg61bR0VrARAwf4wSWbox9S\nVh7Mas5RYXyq/D/zbCV7JV77v+G5IQ==\n-----END EC PRIVATE KEY-----\n',
);
add(
  'jpadilla/pyjwt tests/keys/jwk_hmac.json',
  [GEN],
  '{\n     "kty": "oct",\n     "kid": "018c0ae5-4d9b-471b-bfd6-eef314bc7037",\n     "use": "sig",\n     "alg": "HS256",\n     "k": "hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg"\n}\n',
);
add(
  'jpadilla/pyjwt tests/test_api_jws.py',
  [],
  "    def test_bad_secret(self, jws, payload):\n        right_secret = 'foo'\n        bad_secret = 'bar'\n        jws_message = jws.encode(payload, right_secret)\n\n        with pytest.raises(DecodeError):\n            jws.decode(jws_message, bad_secret)\n",
);

// auth0/node-jsonwebtoken
add(
  'auth0/node-jsonwebtoken test/secp256k1-private.pem',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMHQCAQEEIFg3x9PMwysC/B5iW1zUFqDUfNbgP77i71jEPhoce0OkoAcGBSuBBAAK\noUQDQgAEUdPp6J0l51augh0A0sB14n2j69er1ZTkhfv+XY3CIU/SFK/BmIt0KfAX\nVF2KGowflLSKkySNnfR93uwnf7y1MQ==\n-----END EC PRIVATE KEY-----\n',
);
add(
  'auth0/node-jsonwebtoken test/ed448-private.pem',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMEcCAQAwBQYDK2VxBDsEOR0KzfMqPbm3rD5JW0OGKa3ot8y9mrhKvxOGIJ3lXI+g\n62VX4Ok0f66YMRdDUqwIbAJGWoH6ZaVieQ==\n-----END PRIVATE KEY-----\n',
);
add(
  'auth0/node-jsonwebtoken test/jwt.hs.tests.js',
  [],
  "describe('HS256', function() {\n\n  describe('when signing a token', function() {\n    var secret = 'shhhhhh';\n\n    var token = jwt.sign({ foo: 'bar' }, secret, { algorithm: 'HS256' });\n",
);

// getsentry/relay
add(
  'getsentry/relay relay-pii/src/convert.rs',
  [PK],
  '    static ENCRYPTED_PRIVATE_KEY: &str = r#"""-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIJjjBABgkqhkiG9w0BBQ0wMzAbBgkqhkiG9w0BBQwwDgQIWVhErdQOFVoCAggA\nIrlYQUV1ig4U3viYh1Y8viVvRlANKICvgj4faYNH36UterkfDjzMonb/cXNeJEOS\nYgorM2Pfuec5vtPRPKd88+Ds/ktIlZhjJwnJjHQMX+lSw5t0/juna2sLH2dpuAbi\nPSk=\n-----END ENCRYPTED PRIVATE KEY-----"""#;\n',
);
add(
  'getsentry/relay relay-pii/src/convert.rs',
  [PK],
  '    static RSA_PRIVATE_KEY: &str = r#"""-----BEGIN RSA PRIVATE KEY-----\n+wn9Iu+zgamKDUu22xc45F2gdwM04rTITlZgjAs6U1zcvOzGxk8mWJD5MqFWwAtF\nzN87YGV0VMTG6ehxnkI4Fg6i0JPU3QIDAQABAoICAQCoCPjlYrODRU+vd2YeU/gM\nTHd+9FBxiHLGXNKhG/FRSyREXEt+NyYIf/0cyByc9tNksat794ddUqnLOg0vwSkv\n-----END RSA PRIVATE KEY-----"""#;\n',
);
add(
  'getsentry/relay relay-pii/src/convert.rs',
  [],
  '    static PUBLIC_KEY: &str = r#"""-----BEGIN PUBLIC KEY-----\nMIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA6A6TQjlPyMurLh/igZY4\nizA9sJgeZ7s5+nGydO4AI9k33gcy2DObZuadWRMnDwc3uH/qoAPw/mo3KOcgEtxU\nxdwiQeATa3HVPcQDCQiKm8xIG2Ny0oUbR0IFNvClvx7RWnPEMk05CuvsL0AA3eH5\nxn02Yg0JTLgZEtUT3whwFm8CAwEAAQ==\n-----END PUBLIC KEY-----"""#;\n',
);
add(
  'getsentry/relay relay-pii/src/convert.rs',
  [],
  '    fn sensitive_vars() -> serde_json::Value {\n        serde_json::json!({\n            "foo": "bar",\n            "password": "hello",\n            "the_secret": "hello",\n            "a_password_here": "hello",\n            "api_key": "secret_key",\n            "apiKey": "secret_key",\n            "otp": "otp_code",\n            "two-factor": "otp_code",\n            "two_factor": "otp_code",\n        })\n    }\n',
);

// supabase/supabase
add(
  'supabase/supabase docker/.env.example',
  [JWT],
  '# Symmetric encryption key and JWT API keys\nJWT_SECRET=your-super-secret-jwt-token-with-at-least-32-characters-long\nANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyAgCiAgICAicm9sZSI6ICJhbm9uIiwKICAgICJpc3MiOiAic3VwYWJhc2UtZGVtbyIsCiAgICAiaWF0IjogMTY0MTc2OTIwMCwKICAgICJleHAiOiAxNzk5NTM1NjAwCn0.dc_X5iR_VP_qT0zsiyj_I_OZ2T9FtRU2BBNWN8Bu4GE\n',
);
add(
  'supabase/supabase docker/.env.example',
  [JWT],
  'SERVICE_ROLE_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyAgCiAgICAicm9sZSI6ICJzZXJ2aWNlX3JvbGUiLAogICAgImlzcyI6ICJzdXBhYmFzZS1kZW1vIiwKICAgICJpYXQiOiAxNjQxNzY5MjAwLAogICAgImV4cCI6IDE3OTk1MzU2MDAKfQ.DaYlNEoUrrEn2Ig7tqibS-PHK5vgusbcbo7X36XVt4Q\n',
);
add(
  'supabase/supabase docker/.env.example',
  [GEN],
  '# Used by Realtime and Supavisor\nSECRET_KEY_BASE=UpNVntn3cDxHJpq99YMc1T1AQgQpc8kfYTuRgBiYa15BLrx8etQoXz3gZv1/u2oq\n',
);
add(
  'supabase/supabase docker/.env.example',
  [GEN],
  '# Access to Storage via S3 protocol endpoint (see below)\nS3_PROTOCOL_ACCESS_KEY_ID=625729a08b95bf1b7ff351a663f3a23c\nS3_PROTOCOL_ACCESS_KEY_SECRET=850181e4652dd023b7a98c58ae0d2d34bd487ee0cc3254aed6eda37307425907\n',
);
add(
  'supabase/supabase docker/.env.example',
  [],
  '# Postgres\nPOSTGRES_PASSWORD=your-super-secret-and-long-postgres-password\n',
);
add(
  'supabase/supabase docker/.env.example',
  [],
  '# Access to Dashboard\nDASHBOARD_USERNAME=supabase\nDASHBOARD_PASSWORD=this_password_is_insecure_and_should_be_updated\n',
);
add(
  'supabase/supabase docker/.env.example',
  [],
  'SMTP_ADMIN_EMAIL=admin@example.com\nSMTP_HOST=supabase-mail\nSMTP_PORT=2500\nSMTP_USER=fake_mail_user\nSMTP_PASS=fake_mail_password\nSMTP_SENDER_NAME=fake_sender\n',
);
add(
  'supabase/supabase docker/.env.example',
  [],
  '# Used by Supavisor\nVAULT_ENC_KEY=your-32-character-encryption-key\n\n# Used by Studio to access Postgres via postgres-meta\nPG_META_CRYPTO_KEY=your-encryption-key-32-chars-min\n\n# Analytics - API tokens for log ingestion/querying, and for management\nLOGFLARE_PUBLIC_ACCESS_TOKEN=your-super-secret-and-long-logflare-key-public\nLOGFLARE_PRIVATE_ACCESS_TOKEN=your-super-secret-and-long-logflare-key-private\n',
);
add(
  'supabase/supabase docker/.env.example',
  [],
  '# Add your OpenAI API key to enable AI Assistant\nOPENAI_API_KEY=sk-proj-xxxxxxxx\n',
);

// elastic/elasticsearch
add(
  'elastic/elasticsearch docs/reference/rest-api/security/create-api-keys.asciidoc',
  [GEN],
  '{\n  "id": "VuaCfGcBCdbkQm-e5aOx",        <1>\n  "name": "my-api-key",\n  "expiration": 1544068612110,         <2>\n  "api_key": "ui2lp2axTNmsyakw9tvNnw", <3>\n  "encoded": "VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw=="  <4>\n}\n',
);
add(
  'elastic/elasticsearch docs/reference/rest-api/security/get-tokens.asciidoc',
  [],
  'curl -H "Authorization: Bearer dGhpcyBpcyBub3QgYSByZWFsIHRva2VuIGJ1dCBpdCBpcyBvbmx5IHRlc3QgZGF0YS4gZG8gbm90IHRyeSB0byByZWFkIHRva2VuIQ==" http://localhost:9200/_cluster/health\n',
);
add(
  'elastic/elasticsearch docs/reference/rest-api/security/get-tokens.asciidoc',
  [GEN],
  'POST /_security/oauth2/token\n{\n  "grant_type": "refresh_token",\n  "refresh_token": "vLBPvmAB6KvwvJZr27cS"\n}\n',
);
add(
  'elastic/elasticsearch docs/reference/rest-api/security/get-tokens.asciidoc',
  [],
  'POST /_security/oauth2/token\n{\n  "grant_type" : "password",\n  "username" : "test_admin",\n  "password" : "x-pack-test-password"\n}\n',
);
add(
  'elastic/elasticsearch docs/reference/commands/service-tokens-command.asciidoc',
  [],
  'The output is a bearer token, which is a Base64 encoded string.\n\n[source,shell]\n----\nSERVICE_TOKEN elastic/fleet-server/my-token = AAEAAWVsYXN0aWM...vZmxlZXQtc2VydmVyL3Rva2VuMTo3TFdaSDZ\n----\n',
);
add(
  'elastic/elasticsearch docs/reference/rest-api/security/enroll-node.asciidoc',
  [],
  '{\n  "http_ca_key" : "MIIJlAIBAzCCCVoGCSqGSIb3DQEHAaCCCUsEgglHMIIJQzCCA98GCSqGSIb3DQ....vsDfsA3UZBAjEPfhubpQysAICCAA=", <1>\n  "http_ca_cert" : "MIIJlAIBAzCCCVoGCSqGSIb3DQEHAaCCCUsEgglHMIIJQzCCA98GCSqGSIb3DQ....vsDfsA3UZBAjEPfhubpQysAICCAA=", <2>\n  "transport_ca_cert" : "MIIJlAIBAzCCCVoGCSqGSIb3DQEHAaCCCUsEgglHMIIJQzCCA98GCSqG....vsDfsA3UZBAjEPfhubpQysAICCAA=", <3>\n  "transport_key" : "MIIEJgIBAzCCA98GCSqGSIb3DQEHAaCCA9AEggPMMIIDyDCCA8QGCSqGSIb3....YuEiOXvqZ6jxuVSQ0CAwGGoA==", <4>\n  "transport_cert" : "MIIEJgIBAzCCA98GCSqGSIb3DQEHAaCCA9AEggPMMIIDyDCCA8QGCSqGSIb3....YuEiOXvqZ6jxuVSQ0CAwGGoA==", <5>\n  "nodes_addresses" : [                          <6>\n    "192.168.1.2:9300"\n  ]\n}\n',
);

// kubernetes/website
add(
  'kubernetes/website content/en/docs/tasks/configmap-secret/managing-secret-using-config-file.md',
  [PW],
  '   ```yaml\n   apiVersion: v1\n   kind: Secret\n   metadata:\n     name: mysecret\n   type: Opaque\n   data:\n     username: YWRtaW4=\n     password: MWYyZDFlMmU2N2Rm\n   ```\n',
);
add(
  'kubernetes/website content/en/docs/tasks/configmap-secret/managing-secret-using-config-file.md',
  [],
  '```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: mysecret\ntype: Opaque\nstringData:\n  config.yaml: |\n    apiUrl: "https://my.api.com/api/v1"\n    username: <user>\n    password: <password>\n```\n',
);
add(
  'kubernetes/website content/en/docs/reference/access-authn-authz/bootstrap-tokens.md',
  [GEN],
  "# Type MUST be 'bootstrap.kubernetes.io/token'\ntype: bootstrap.kubernetes.io/token\nstringData:\n  # Human readable description. Optional.\n  description: \"The default bootstrap token generated by 'kubeadm init'.\"\n\n  # Token ID and secret. Required.\n  token-id: 07401b\n  token-secret: f395accd246ae52d\n",
);
add(
  'kubernetes/website content/en/docs/reference/access-authn-authz/bootstrap-tokens.md',
  [],
  '## Token Format\n\nBootstrap Tokens take the form of `abcdef.0123456789abcdef`.  More formally,\nthey must match the regular expression `[a-z0-9]{6}\\.[a-z0-9]{16}`.\n',
);
add(
  'kubernetes/website content/en/docs/reference/access-authn-authz/authentication.md',
  [GEN],
  '```http\nAuthorization: Bearer 781292.db7bc3a58fc5f07e\n```\n',
);
add(
  'kubernetes/website content/en/docs/reference/access-authn-authz/authentication.md',
  [GEN],
  'quoting facilities of HTTP. For example: if the bearer token is\n`31ada4fd-adec-460c-809a-9e56ceb75269` then it would appear in an HTTP\nheader as shown below.\n\n```http\nAuthorization: Bearer 31ada4fd-adec-460c-809a-9e56ceb75269\n```\n',
);
add(
  'kubernetes/website content/en/docs/reference/access-authn-authz/authentication.md',
  [],
  'You can manually create an associated token:\n\n```bash\nkubectl create token jenkins\n```\n\n```none\neyJhbGciOiJSUzI1NiIsImtp...\n```\n',
);

// pypi/warehouse
add(
  'pypi/warehouse tests/unit/integration/secrets/test_utils.py',
  [GH],
  '        payload = (\n            b\'[{"type":"github_oauth_token","token":"cb4985f91f740272c0234202299\'\n            b\'f43808034d7f5","url":" https://github.com/github/faketestrepo/blob/\'\n            b\'b0dd59c0b500650cacd4551ca5989a6194001b10/production.env"}]\'\n        )\n',
);
add(
  'pypi/warehouse tests/unit/integration/secrets/test_utils.py',
  [],
  '    api_record = {\n        "type": "pypi_api_token",\n        "token": "pypi-1234",\n        "url": "http://example.com",\n    }\n',
);
add(
  'pypi/warehouse tests/unit/integration/secrets/test_utils.py',
  [],
  '        key_id = "90a421169f0a406205f1563a953312f0be898d3c7b6c06b681aa86a874555f4a"\n        signature = (\n            "MEQCIAfgjgz6Ou/3DXMYZBervz1TKCHFsvwMcbuJhNZse622AiAG86/"\n            "cku2XdcmFWNHl2WSJi2fkE8t+auvB24eURaOd2A=="\n        )\n',
);

// pseudo-security/slacksecrets
add(
  'pseudo-security/slacksecrets slacksecrets/rules/slack_api_token.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "xoxp-333333333578-11111111191-811111111114-efffffffffffff1111111fff11ffff1b"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/slack_webhook.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/google_cloud_api_key.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "AIzaGoogleCloudAPIKeyAazZ09780w00tTests"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/amazon_secret_access_key.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "aws_secret_access_key: aZAa+Amaz0nS3cr3tAcc3ssk3yTestCase=Match"\n        test_match_2 = "\'aws_secret_access_key\' = \'aZAa+Amaz0nS3cr3tAcc3ssk3yTestCase=Match\'"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/stripe_api_keys.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "sk_live_123456789012345678901234"\n        test_match_2 = "sk_test_123456789012345678901234"\n        test_match_4 = "rk_test_123456789012345678901234"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/mailchimp_api_key.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "deadbeefdeadb33fdeadbeefdeadb33f-us90"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/square_oauth_token.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "sq0csp-551234567890Square-Token_5512345678901Square"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/uri_user_pass.yar',
  [],
  '        test_match_1 = "https://username:password@localhost.local/"\n        test_no_match_1 = "https://username-password-localhost.local/"\n',
);
add(
  'pseudo-security/slacksecrets slacksecrets/rules/generic_password.yar',
  [],
  '        /* Test Cases */\n        test_match_1 = "secret_password = \'this is a secret\'"\n        test_match_2 = "secret_password: this is a secret"\n        test_no_match = "At the next meeting we\'ll discuss our password policies."\n',
);

// gitlabhq/gitlabhq
add(
  'gitlabhq/gitlabhq doc/api/deploy_tokens.md',
  [GL],
  'Example response:\n\n```json\n{\n  "id": 1,\n  "name": "My deploy token",\n  "username": "custom-user",\n  "expires_at": "2021-01-01T00:00:00.000Z",\n  "token": "jMRvtPNxrn3crTAGukpZ",\n  "revoked": false,\n  "expired": false,\n  "scopes": [\n    "read_repository"\n  ]\n}\n```\n',
);
add(
  'gitlabhq/gitlabhq doc/api/runners.md',
  [GL],
  'Example response:\n\n```json\n{\n    "id": "12345",\n    "token": "6337ff461c94fd3fa32ba3b1ff4125"\n}\n```\n',
);
add(
  'gitlabhq/gitlabhq doc/api/runners.md',
  [],
  '```\ncurl --request POST "https://gitlab.example.com/api/v4/runners" --form "token=<registration_token>" --form "description=test-1-20150125-test" --form "tag_list=ruby,mysql,tag1,tag2"\n```\n',
);
add(
  'gitlabhq/gitlabhq doc/api/deploy_tokens.md',
  [],
  '```shell\ncurl --request DELETE \\\n  --header "PRIVATE-TOKEN: <your_access_token>" \\\n  --url "https://gitlab.example.com/api/v4/groups/5/deploy_tokens/13"\n```\n',
);

// Kong/docs.konghq.com
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/jwt/how-to/authorization/_credentials.md',
  [GEN],
  'Response:\n```json\nHTTP/1.1 201 Created\n{\n    "algorithm": "HS256",\n    "consumer": {\n        "id": "789955d4-7cbf-469a-bb64-8cd00bd0f0db"\n    },\n    "created_at": 1652208453,\n    "id": "95d4ee08-c68c-4b69-aa18-e6efad3a4ff0",\n    "key": "H8WBDhQlcfjoFmIiYymmkRm1y0A2c5WU",\n    "rsa_public_key": null,\n    "secret": "n415M6OrVnR4Dr1gyErpta0wSKQ2cMzK",\n    "tags": null\n}\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/jwt/how-to/_secrets-and-keys.md',
  [JWT],
  "Using the JWT debugger at https://jwt.io with the header (HS256), claims (`iss`, etc.),\nand `secret` associated with this `key` `C50k0bcahDhLNhLKSUBSR1OMiFGzNZ7X`, you'll end up with a JWT token of:\n\n```\neyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJZSmRtYUR2VlRKeHRjV1JDdmtNaWtjOG9FTGdBVk5jeiIsImV4cCI6MTQ0MjQzMDA1NCwibmJmIjoxNDQyNDI2NDU0LCJpYXQiOjE0NDI0MjY0NTR9.WuLdHyvZGj2UAsnBl6YF9A4NqGQpaDftHjX18ooK8YY\n```\n",
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/jwt/how-to/_secrets-and-keys.md',
  [JWT],
  "```bash\ncurl http://localhost:8000/<route-path> \\\n  -H 'Authorization: Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiIxM2Q1ODE0NTcyZTc0YTIyYjFhOWEwMDJmMmQxN2MzNyJ9.uNPTnDZXVShFYUSiii78Q-IAfhnc2ExjarZr_WVhGrHHBLweOBJxGJlAKZQEKE4rVd7D6hCtWSkvAAOu7BU34OnlxtQqB8ArGX58xhpIqHtFUkj882JQ9QD6_v2S2Ad-EmEx5402ge71VWEJ0-jyH2WvfxZ_pD90n5AG5rAbYNAIlm2Ew78q4w4GVSivpletUhcv31-U3GROsa7dl8rYMqx6gyo9oIIDcGoMh3bu8su5kQc5SQBFp1CcA5H8sHGfYs-Et5rCU2A6yKbyXtpHrd1Y9oMrZpEfQdgpLae0AfWRf6JutA9SPhst9-5rn4o3cdUmto_TBGqHsFmVyob8VQ'\n```\n",
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/jwt/how-to/_secrets-and-keys.md',
  [],
  'Then, base64 encode your Consumers\' secrets:\n\n```bash\n# secret is: "blob data"\ncurl -X POST http://localhost:8001/consumers/<consumer>/jwt \\\n  --data "secret=YmxvYiBkYXRh"\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/key-auth/2.2.x.md',
  [GEN],
  'Response:\n\n```\nHTTP/1.1 201 Created\n\n{\n    "consumer": { "id": "876bf719-8f18-4ce5-cc9f-5b5af6c36007" },\n    "created_at": 1443371053000,\n    "id": "62a7d3b7-b995-49f9-c9c8-bac4d781fb59",\n    "key": "62eb165c070a41d5c1b58d9d3d725ca1"\n}\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/key-auth/2.2.x.md',
  [GEN],
  '```bash\n$ curl -X GET http://kong:8001/key-auths\n\n{\n   "data":[\n      {\n         "id":"17ab4e95-9598-424f-a99a-ffa9f413a821",\n         "created_at":1507941267000,\n         "key":"Qslaip2ruiwcusuSUdhXPv4SORZrfj4L",\n         "consumer": { "id": "c0d92ba9-8306-482a-b60d-0cfdd2f0e880" }\n      },\n      {\n         "id":"b1d87b08-7eb6-4320-8069-efd85a4a8d89",\n         "created_at":1507941307000,\n         "key":"26WUW1VEsmwT1ORBFsJmLHZLDNAxh09l",\n         "consumer": { "id": "3c2c8fc1-7245-4fbb-b48b-e5947e1ce941" }\n      }\n   ]\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/key-auth/2.2.x.md',
  [],
  "Make a request with the key in a header:\n\n```bash\n$ curl http://kong:8000/{proxy path} \\\n    -H 'apikey: <some_key>'\n```\n",
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/hmac-auth/overview/_index.md',
  [GEN],
  '```json\n{\n    "total": 3,\n    "data": [\n        {\n            "created_at": 1509681246000,\n            "id": "75695322-e8a0-4109-aed4-5416b0308d85",\n            "secret": "wQazJ304DW5huJklHgUfjfiSyCyTAEDZ",\n            "username": "foo",\n            "consumer": { "id": "c0d92ba9-8306-482a-b60d-0cfdd2f0e880" }\n        },\n        {\n            "created_at": 1509681215000,\n            "id": "eb0365bc-88ae-4568-be7c-db1eb7c16e5e",\n            "secret": "NvHDTg5mp0ySFVJsITurtgyhEq1Cxbnv",\n            "username": "baz",\n            "consumer": { "id": "c0d92ba9-8306-482a-b60d-0cfdd2f0e880" }\n        }\n    ]\n}\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/hmac-auth/overview/_index.md',
  [],
  '```yaml\nhmacauth_credentials:\n- consumer: {consumer}\n  username: bob\n  secret: secret456\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/hmac-auth/overview/_index.md',
  [],
  '    ```bash\n    curl -i -X GET http://localhost:8000/requests \\\n        -H "Host: hmac.com" \\\n        -H "Date: Thu, 22 Jun 2017 17:15:21 GMT" \\\n        -H \'Authorization: hmac username="alice123", algorithm="hmac-sha256", headers="date @request-target", signature="ujWCGHeec9Xd6UD2zlyxiNMCiXnDOWeVFMu5VeRUxtw="\'\n    ```\n',
);

// googleapis/google-auth-library-python
add(
  'googleapis/google-auth-library-python tests/data/gdch_service_account.json',
  [PK],
  '{\n    "type": "gdch_service_account",\n    "format_version": "1",\n    "project": "project_foo",\n    "private_key_id": "key_foo",\n    "private_key": "-----BEGIN RSA PRIVATE KEY-----\\nMIIEpAIBAAKCAQEA4ej0p7bQ7L/r4rVGUz9RN4VQWoej1Bg1mYWIDYslvKrk1gpj\\n7wZgkdmM7oVK2OfgrSj/FCTkInKPqaCR0gD7K80q+mLBrN3PUkDrJQZpvRZIff3/\\nxmVU1WeruQLFJjnFb2dqu0s/FY/2kWiJtBCakXvXEOb7zfbINuayL+MSsCGSdVYs\\nSliS5qQpgyDap+8b5fpXZVJkq92hrcNtbkg7hCYUJczt8n9hcCTJCfUpApvaFQ18\\npe+zpyl4+WzkP66I28hniMQyUlA1hBiskT7qiouq0m8IOodhv2fagSZKjOTTU2xk\\nSBc//fy3ZpsL7WqgsZS7Q+0VRK8gKfqkxg5OYQIDAQABAoIBAQDGGHzQxGKX+ANk\\nnQi53v/c6632dJKYXVJC+PDAz4+bzU800Y+n/bOYsWf/kCp94XcG4Lgsdd0Gx+Zq\\nHD9CI1IcqqBRR2AFscsmmX6YzPLTuEKBGMW8twaYy3utlFxElMwoUEsrSWRcCA1y\\nnHSDzTt871c7nxCXHxuZ6Nm/XCL7Bg8uidRTSC1sQrQyKgTPhtQdYrPQ4WZ1A4J9\\nIisyDYmZodSNZe5P+LTJ6M1SCgH8KH9ZGIxv3diMwzNNpk3kxJc9yCnja4mjiGE2\\nYCNusSycU5IhZwVeCTlhQGcNeV/skfg64xkiJE34c2y2ttFbdwBTPixStGaF09nU\\nZ422D40BAoGBAPvVyRRsC3BF+qZdaSMFwI1yiXY7vQw5+JZh01tD28NuYdRFzjcJ\\nvzT2n8LFpj5ZfZFvSMLMVEFVMgQvWnN0O6xdXvGov6qlRUSGaH9u+TCPNnIldjMP\\nB8+xTwFMqI7uQr54wBB+Poq7dVRP+0oHb0NYAwUBXoEuvYo3c/nDoRcZAoGBAOWl\\naLHjMv4CJbArzT8sPfic/8waSiLV9Ixs3Re5YREUTtnLq7LoymqB57UXJB3BNz/2\\neCueuW71avlWlRtE/wXASj5jx6y5mIrlV4nZbVuyYff0QlcG+fgb6pcJQuO9DxMI\\naqFGrWP3zye+LK87a6iR76dS9vRU+bHZpSVvGMKJAoGAFGt3TIKeQtJJyqeUWNSk\\nklORNdcOMymYMIlqG+JatXQD1rR6ThgqOt8sgRyJqFCVT++YFMOAqXOBBLnaObZZ\\nCFbh1fJ66BlSjoXff0W+SuOx5HuJJAa5+WtFHrPajwxeuRcNa8jwxUsB7n41wADu\\nUqWWSRedVBg4Ijbw3nWwYDECgYB0pLew4z4bVuvdt+HgnJA9n0EuYowVdadpTEJg\\nsoBjNHV4msLzdNqbjrAqgz6M/n8Ztg8D2PNHMNDNJPVHjJwcR7duSTA6w2p/4k28\\nbvvk/45Ta3XmzlxZcZSOct3O31Cw0i2XDVc018IY5be8qendDYM08icNo7vQYkRH\\n504kQQKBgQDjx60zpz8ozvm1XAj0wVhi7GwXe+5lTxiLi9Fxq721WDxPMiHDW2XL\\nYXfFVy/9/GIMvEiGYdmarK1NW+VhWl1DC5xhDg0kvMfxplt4tynoq1uTsQTY31Mx\\nBeF5CT/JuNYk3bEBF0H/Q3VGO1/ggVS+YezdFbLWIRoMnLj6XCFEGg==\\n-----END RSA PRIVATE KEY-----\\n",\n    "name": "service_identity_name",\n    "ca_cert_path": "/path/to/ca/cert",\n    "token_uri": "https://service-identity.<Domain>/authenticate"\n}\n',
);
add(
  'googleapis/google-auth-library-python tests/data/authorized_user.json',
  [],
  '{\n  "client_id": "123",\n  "client_secret": "secret",\n  "refresh_token": "alabalaportocala",\n  "type": "authorized_user",\n  "quota_project": "offiredulassed"\n}\n',
);

// auth0/java-jwt
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [],
  '    @Test\n    public void getSubject() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWV9.TJVA95OrM7E2cBab30RMHrHDcEfxjoYZgeFONFh7HgQ");\n        assertThat(jwt.getSubject(), is(notNullValue()));\n        assertThat(jwt.getSubject(), is("1234567890"));\n    }\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [],
  '    @Test\n    public void shouldThrowIfMoreThan3Parts() throws Exception {\n        exception.expect(JWTDecodeException.class);\n        exception.expectMessage("The token was expected to have 3 parts, but got 4.");\n        JWT.decode("this.has.four.parts");\n    }\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetStringToken() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiJ9.e30.XmNK3GpH3Ys_7wsYBfq4C3M6goz71I7dTgUkuIa5lyQ");\n        assertThat(jwt, is(notNullValue()));\n        assertThat(jwt.getToken(), is(notNullValue()));\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetSubject() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJUb2szbnMifQ.RudAxkslimoOY3BLl2Ghny3BrUKu9I1ZrXzCZGDJtNs");\n        assertThat(jwt, is(notNullValue()));\n        assertThat(jwt.getSubject(), is("Tok3ns"));\n    }\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetArrayAudience() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOlsiSG9wZSIsIlRyYXZpcyIsIlNvbG9tb24iXX0.Tm4W8WnfPjlmHSmKFakdij0on2rWPETpoM7Sh0u6-S4");\n        assertThat(jwt, is(notNullValue()));\n        assertThat(jwt.getAudience(), is(IsCollectionWithSize.hasSize(3)));\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetCustomClaimOfTypeInteger() throws Exception {\n        String token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoxMjN9.XZAudnA7h3_Al5kJydzLjw6RzZC3Q6OvnLEYlhNW7HA";\n        DecodedJWT jwt = JWT.decode(token);\n        Assert.assertThat(jwt, is(notNullValue()));\n        Assert.assertThat(jwt.getClaim("name").asInt(), is(123));\n    }\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetAvailableClaims() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOiIxMjM0NTY3ODkwIiwiaWF0IjoiMTIzNDU2Nzg5MCIsIm5iZiI6IjEyMzQ1Njc4OTAiLCJqdGkiOiJodHRwczovL2p3dC5pby8iLCJhdWQiOiJodHRwczovL2RvbWFpbi5hdXRoMC5jb20iLCJzdWIiOiJsb2dpbiIsImlzcyI6ImF1dGgwIiwiZXh0cmFDbGFpbSI6IkpvaG4gRG9lIn0.TX9Ct4feGp9YyeGK9Zl91tO0YBOrguJ4As9jeqgHdZQ");\n        assertThat(jwt, is(notNullValue()));\n        assertThat(jwt.getClaims(), is(notNullValue()));\n',
);

// npm/cli
add(
  'npm/cli docs/lib/content/commands/npm-token.md',
  [NPM],
  '```bash\n+----------------+--------------------------------------+\n| token          | a73c9572-f1b9-8983-983d-ba3ac3cc913d |\n+----------------+--------------------------------------+\n| cidr_whitelist |                                      |\n+----------------+--------------------------------------+\n| readonly       | false                                |\n+----------------+--------------------------------------+\n| created        | 2017-10-02T07:52:24.838Z             |\n+----------------+--------------------------------------+\n```\n',
);
add(
  'npm/cli docs/lib/content/commands/npm-token.md',
  [],
  '```bash\n+--------+---------+------------+----------+----------------+\n| id     | token   | created    | read-only | CIDR whitelist |\n+--------+---------+------------+----------+----------------+\n| 7f3134 | 1fa9ba… | 2017-10-02 | yes      |                |\n+--------+---------+------------+----------+----------------+\n| c03241 | af7aef… | 2017-10-02 | no       | 192.168.0.1/24 |\n+--------+---------+------------+----------+----------------+\n```\n',
);

// explodinglabs/explodinglabs.github.io
add(
  'explodinglabs/explodinglabs.github.io docs/_posts/airflow/2018-01-12-generate-fernet-key.markdown',
  [GEN],
  'Paste the key into your `airflow.cfg`.\n```\nfernet_key = 81HqDtbqAywKSOumSha3BhWNOdQ26slT6K0YaZeZyPs=\n```\n',
);

// aws/aws-cli
add(
  'aws/aws-cli awscli/examples/iam/create-access-key.rst',
  [],
  'Output::\n\n  {\n      "AccessKey": {\n          "UserName": "Bob",\n          "Status": "Active",\n          "CreateDate": "2013-06-06T20:42:26.421Z",\n          "SecretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY",\n          "AccessKeyId": "AKIDPMS9RO4H3FEXAMPLE"\n      }\n  }\n',
);
add(
  'aws/aws-cli awscli/examples/sts/assume-role.rst',
  [],
  '        "Credentials": {\n            "SecretAccessKey": "9drTJvcXLB89EXAMPLELB8923FB892xMFI",\n            "SessionToken": "AQoXdzELDDY//////////wEaoAK1wvxJY12r2IrDFT2IvAzTCn3zHoZ7YNtpiQLF0MqZye/qwjzP2iEXAMPLEbw/m3hsj8VBTkPORGvr9jM5sgP+w9IZWZnU+LWhmg+a5fDi2oTGUYcdg9uexQ4mtCHIHfi4citgqZTgco40Yqr4lIlo4V2b2Dyauk0eYFNebHtYlFVgAUj+7Indz3LU0aTWk1WKIjHmmMCIoTkyYp/k7kUG7moeEYKSitwQIi6Gjn+nyzM+PtoA3685ixzv0R7i5rjQi0YE0lf1oeie3bDiNHncmzosRM6SFiPzSvp6h/32xQuZsjcypmwsPSDtTPYcs0+YN/8BRi2/IcrxSpnWEXAMPLEXSDFTAQAM6Dl9zR0tXoybnlrZIwMLlMi1Kcgo5OytwU=",\n            "Expiration": "2016-03-15T00:05:07Z",\n            "AccessKeyId": "ASIAJEXAMPLEXEG2JICEA"\n        }\n',
);

// tiangolo/fastapi
add(
  'tiangolo/fastapi docs_src/security/tutorial004.py',
  [GEN],
  '# to get a string like this run:\n# openssl rand -hex 32\nSECRET_KEY = "09d25e094faa6ca2556c818166b7a9563b93f7099f6f0f4caa6cf63b88e8d3e7"\nALGORITHM = "HS256"\nACCESS_TOKEN_EXPIRE_MINUTES = 30\n',
);
add(
  'tiangolo/fastapi docs_src/security/tutorial004.py',
  [],
  'fake_users_db = {\n    "johndoe": {\n        "username": "johndoe",\n        "full_name": "John Doe",\n        "email": "johndoe@example.com",\n        "hashed_password": "$2b$12$EixZaYVK1fsbw1ZfbX3OXePaWxn96p36WQoeG6Lruj3vjPGga31lW",\n        "disabled": False,\n    }\n}\n',
);

// pallets/flask
add(
  'pallets/flask docs/quickstart.rst',
  [GEN],
  "    @app.route('/logout')\n    def logout():\n        # remove the username from the session if it's there\n        session.pop('username', None)\n        return redirect(url_for('index'))\n\n    # set the secret key.  keep this really secret:\n    app.secret_key = 'A0Zr98j/3yX R~XHH!jmN]LWX/,?RT'\n",
);

// cloudflare/cloudflare-docs
add(
  'cloudflare/cloudflare-docs content/fundamentals/api/how-to/make-api-calls.md',
  [GEN],
  '```bash\n$ curl "https://api.cloudflare.com/client/v4/zones/<ZONE_ID>" \\\n-H "Authorization: Bearer YQSn-xWAQiiEh9qM58wZNnyQS7FUdoqGIUAbrh7T"\n```\n',
);

// discord/discord-api-docs
add(
  'discord/discord-api-docs docs/Reference.md',
  [DISCORD],
  '###### Example Bot Token Authorization Header\n\n```\nAuthorization: Bot MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs\n```\n',
);
add(
  'discord/discord-api-docs docs/Reference.md',
  [GEN],
  '###### Example Bearer Token Authorization Header\n\n```\nAuthorization: Bearer CZhtkLDpNYXgPH9Ml6shqh2OwykChw\n```\n',
);
add(
  'discord/discord-api-docs docs/topics/OAuth2.md',
  [GEN],
  '###### Access Token Response\n\n```json\n{\n  "access_token": "6qrZcUqja7812RVdnEKjpzOL4CvHBFG",\n  "token_type": "Bearer",\n  "expires_in": 604800,\n  "refresh_token": "D43f5y0ahjqew82jZ4NViEr2YafMKhue",\n  "scope": "identify"\n}\n```\n',
);
add(
  'discord/discord-api-docs docs/topics/OAuth2.md',
  [GEN],
  '###### Redirect URL Example\n\n```\nhttps://findingfakeurlsisprettyhard.tv/#access_token=RTfP0OK99U3kbRtHOoKLmJbOn45PjL&token_type=Bearer&expires_in=604800&scope=identify&state=15773059ghq9183habn\n```\n',
);
add(
  'discord/discord-api-docs docs/resources/Webhook.md',
  [GEN],
  '###### Example Webhook\n\n```json\n{\n\t"name": "test webhook",\n\t"channel_id": "199737254929760256",\n\t"token": "3d89bb7572e0fb30d8128367b3b1b44fecd1726de135cbe28a41f8b2f777c372ba2939e72279b94526ff5d1bd4358d65cf11",\n\t"avatar": null,\n\t"guild_id": "199737254929760256",\n\t"id": "223704706495545344",\n\t"user": {\n\t\t"username": "test",\n\t\t"discriminator": "7479",\n\t\t"id": "190320984123768832",\n\t\t"avatar": "b004ec1740a63ca06ae2e14c5cee11f3"\n\t}\n}\n```\n',
);

// twitch-js/twitch-js
add(
  'twitch-js/twitch-js docs/api.md',
  [GEN],
  "## Initializing\n\n```js\n// With a token ...\nconst token = 'cfabdegwdoklmawdzdo98xt2fo512y'\nconst { api } = new TwitchJs({ token })\n",
);
add(
  'twitch-js/twitch-js docs/api.md',
  [],
  "// ... or with a client ID\nconst clientId = 'uo6dggojyb8d6soh92zknwmi5ej1q2'\nconst { api } = new TwitchJs({ clientId })\n```\n\n**Note:** The recommended way to initialize the API client is with a token.\n",
);

// github/docs
add(
  'github/docs content/developers/apps/building-github-apps/identifying-and-authorizing-users-for-github-apps.md',
  [GH],
  '```json\n{\n  "access_token": "{% ifversion fpt or ghes > 3.1 or ghae or ghec %}ghu_16C7e42F292c6912E7710c838347Ae178B4a{% else %}e72e16c7e42f292c6912e7710c838347ae178b4a{% endif %}",\n  "expires_in": 28800,\n  "refresh_token": "{% ifversion fpt or ghes > 3.1 or ghae or ghec %}ghr_1B4a2e77838347a7E420ce178F2E7c6912E169246c34E1ccbF66C46812d16D5B1A9Dc86A1498{% else %}r1.c1b4a2e77838347a7e420ce178f2e7c6912e1692{% endif %}",\n  "refresh_token_expires_in": 15811200,\n  "scope": "",\n  "token_type": "bearer"\n}\n```\n',
);
add(
  'github/docs content/developers/apps/building-github-apps/identifying-and-authorizing-users-for-github-apps.md',
  [],
  'For example, in curl you can set the Authorization header like this:\n\n```shell\ncurl -H "Authorization: token OAUTH-TOKEN" {% data variables.product.api_url_pre %}/user\n```\n',
);
add(
  'github/docs content/webhooks/using-webhooks/validating-webhook-deliveries.md',
  [],
  'You can use the following `secret` and `payload` values to verify that your implementation is correct:\n\n* `secret`: "It\'s a Secret to Everybody"\n* `payload`: "Hello, World!"\n\nIf your implementation is correct, the signatures that you generate should match the following signature values:\n\n* signature: `757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17`\n* X-Hub-Signature-256: `sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17`\n',
);

// mastodon/documentation
add(
  'mastodon/documentation content/en/entities/Token.md',
  [GEN],
  '## Example\n\n```json\n{\n  "access_token": "ZA-Yj3aBD8U8Cm7lKUp-lm9O9BmDgdhHzDeqsY8tlL0",\n  "token_type": "Bearer",\n  "scope": "read write follow push",\n  "created_at": 1573979017\n}\n```\n',
);
add(
  'mastodon/documentation content/en/entities/Application.md',
  [],
  '## Example\n\n```json\n{\n  "name": "test app",\n  "website": null,\n  "vapid_key": "BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M="\n}\n```\n',
);
add(
  'mastodon/documentation content/en/client/token.md',
  [],
  "```bash\ncurl -X POST \\\n\t-F 'client_id=your_client_id_here' \\\n\t-F 'client_secret=your_client_secret_here' \\\n\t-F 'redirect_uri=urn:ietf:wg:oauth:2.0:oob' \\\n\t-F 'grant_type=client_credentials' \\\n\thttps://mastodon.example/oauth/token\n```\n",
);

// kubernetes/website
add(
  'kubernetes/website content/en/docs/concepts/configuration/secret.md',
  [PW],
  '```shell\nkubectl create secret generic prod-db-secret --from-literal=username=produser --from-literal=password=Y4nys7f11\n```\n',
);
add(
  'kubernetes/website content/en/docs/concepts/configuration/secret.md',
  [],
  '```shell\nkubectl create secret generic test-db-secret --from-literal=username=testuser --from-literal=password=iluvtests\n```\n',
);
add(
  'kubernetes/website content/en/docs/concepts/configuration/secret.md',
  [PW],
  "In most shells, the easiest way to escape the password is to surround it with single quotes (`'`).\nFor example, if your actual password is `S!B\\*d$zDsb=`, you should execute the command this way:\n\n```shell\nkubectl create secret generic dev-db-secret --from-literal=username=devuser --from-literal=password='S!B\\*d$zDsb='\n```\n",
);
add(
  'kubernetes/website content/en/docs/concepts/configuration/secret.md',
  [],
  '```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: dotfile-secret\ndata:\n  .secret-file: dmFsdWUtMg0KDQo=\n```\n',
);

// gitlabhq/gitlabhq
add(
  'gitlabhq/gitlabhq doc/api/pipeline_triggers.md',
  [GL],
  '## List project triggers\n\nGet a list of project\'s build triggers.\n\n```\nGET /projects/:id/triggers\n```\n\n```\ncurl --header "PRIVATE-TOKEN: 9koXpg98eAheJpvBs5tK" "https://gitlab.example.com/api/v4/projects/1/triggers"\n```\n',
);
add(
  'gitlabhq/gitlabhq doc/api/pipeline_triggers.md',
  [GL],
  '```json\n{\n    "id": 10,\n    "description": "my trigger",\n    "created_at": "2016-01-07T09:53:58.235Z",\n    "deleted_at": null,\n    "last_used": null,\n    "token": "6d056f63e50fe6f8c5f8f4aa10edb7",\n    "updated_at": "2016-01-07T09:53:58.235Z",\n    "owner": null\n}\n```\n',
);

// Kong/docs.konghq.com
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/oauth2/1.0.x.md',
  [GEN],
  '```bash\n$ curl -sX GET http://kong:8001/oauth2_tokens/\n{\n  "total": 2,\n  "data": [\n    {\n      "expires_in": 7200,\n      "created_at": 1523386491000,\n      "access_token": "FOEtUHwg0das9PhsasVmgMGbZn7nWSgK",\n      "credential_id": "2c74324f-fa2d-434b-b6de-bd138652158f",\n      "scope": "email",\n      "id": "610740e5-700a-45f0-889a-5c7f0422c48d",\n      "api_id": "898dfc5f-20f9-4315-a028-2ecb0193f834",\n      "token_type": "bearer"\n    },\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/oauth2/1.0.x.md',
  [],
  '    ```bash\n    $ curl https://your.service.com/oauth2/token \\\n        --header "Authorization: Basic czZCaGRSa3F0MzpnWDFmQmF0M2JW" \\\n        --data "client_id=XXX" \\\n        --data "client_secret=XXX" \\\n        --data "grant_type=password" \\\n        --data "scope=XXX" \\\n        --data "provision_key=XXX" \\\n        --data "authenticated_userid=XXX" \\\n        --data "username=XXX" \\\n        --data "password=XXX"\n    ```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/oauth2/1.0.x.md',
  [],
  '```bash\n$ curl -X POST http://kong:8001/consumers/{consumer_id}/oauth2 \\\n    --data "name=Test%20Application" \\\n    --data "client_id=SOME-CLIENT-ID" \\\n    --data "client_secret=SOME-CLIENT-SECRET" \\\n    --data "redirect_uris=http://some-domain/endpoint/"\n```\n',
);

// praw-dev/praw
add(
  'praw-dev/praw docs/getting_started/authentication.rst',
  [GEN, PW],
  'With this information authorizing as ``username`` using a **password flow** app is as\nsimple as:\n\n.. code-block:: python\n\n    reddit = praw.Reddit(\n        client_id="SI8pN3DSbt0zor",\n        client_secret="xaxkj7HNh8kwg8e5t4m6KvSrbTI",\n        password="1guiwevlfo00esyy",\n        user_agent="testscript by u/fakebot3",\n        username="fakebot3",\n    )\n',
);

// python-gitlab/python-gitlab
add(
  'python-gitlab/python-gitlab docs/api-usage-graphql.rst',
  [GL],
  ".. code-block:: python\n\n   import gitlab\n\n   # anonymous read-only access for public resources (GitLab.com)\n   gq = gitlab.GraphQL()\n\n   # personal access token or OAuth2 token authentication (GitLab.com)\n   gq = gitlab.GraphQL(token='glpat-JVNSESs8EwWRx5yDxM5q')\n",
);
add(
  'python-gitlab/python-gitlab docs/api-usage.rst',
  [],
  "   # oauth token authentication\n   gl = gitlab.Gitlab('http://10.0.0.1', oauth_token='my_long_token_here')\n\n   # username/password authentication (for GitLab << 10.2)\n   gl = gitlab.Gitlab('http://10.0.0.1', email='jdoe', password='s3cr3t')\n",
);

// 1Password/shell-plugins
add(
  '1Password/shell-plugins plugins/heroku/test-fixtures/netrc',
  [],
  'machine api.heroku.com\n  login wendy@appleseed.com\n  password dh7k7m662pqglxaybr1p0gpg1cu33example\nmachine git.heroku.com\n  login wendy@appleseed.com\n  password dh7k7m662pqglxaybr1p0gpg1cu33example\n',
);
add(
  '1Password/shell-plugins plugins/stripe/test-fixtures/config.toml',
  [],
  "[default]\naccount_id = 'demo_account'\ndevice_name = 'RedmiNote4-Liya.localdomain'\nlive_mode_api_key = 'sk_TEm8TYekzqaEKmSIDRb4PXJQAoq94iL6PZx4C1RQlr1Ls5kn67RVRJjhBfmejEX8OS4T7GxCWBnqBuIG20SzdEwopINxyEL05EXAMPLE'\nlive_mode_key_expires_at = '2023-02-28'\n",
);
add(
  '1Password/shell-plugins plugins/github/test-fixtures/hosts.yml',
  [],
  'github.com:\n    user: testUser\n    oauth_token: ghp_B2xokoZVNaqxLhWzxXY0MoARZyZlgEXAMPLE\n    git_protocol: https\n\nenterprise.github.com:\n    user: enterpriseUser\n    oauth_token: ghp_4v7aWhddhdqyIR1RmqiRcUjTgzrNFEXAMPLE\n    git_protocol: ssh\n',
);
add(
  '1Password/shell-plugins plugins/github/test-fixtures/hosts_gho_token.yml',
  [],
  'github.com:\n  user: testUser2\n  oauth_token: gho_8BQUJmcVkoNo7LqYY0Ng1wndPbwwfEXAMPLE\n  git_protocol: https\n',
);

// gitlabhq/gitlabhq
add(
  'gitlabhq/gitlabhq doc/api/personal_access_tokens.md',
  [],
  '```json\n{\n    "id": 42,\n    "name": "Rotated Token",\n    "revoked": false,\n    "created_at": "2023-08-01T15:00:00.000Z",\n    "description": "Test Token description",\n    "scopes": ["api"],\n    "user_id": 1337,\n    "last_used_at": null,\n    "active": true,\n    "expires_at": "2023-08-15",\n    "token": "s3cr3t"\n}\n```\n',
);

// elastic/elasticsearch
add(
  'elastic/elasticsearch docs/reference/rest-api/security/grant-api-keys.asciidoc',
  [],
  "`value`:::\n(Required, string) The value that follows the scheme for the client credentials\nas it's supplied in the `ES-Client-Authentication` request header. For example,\nif the request header would be `ES-Client-Authentication: SharedSecret myShar3dS3cret`\nif the client were to authenticate directly with a JWT, then `value` here should\nbe `myShar3dS3cret`.\n",
);

// auth0/java-jwt
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetStringAudience() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJKYWNrIFJleWVzIn0.a4I9BBhPt1OB1GW67g2P1bEHgi6zgOjGUL4LvhE9Dgc");\n        assertThat(jwt, is(notNullValue()));\n        assertThat(jwt.getAudience(), is(IsCollectionWithSize.hasSize(1)));\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetExpirationTime() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjE0NzY3MjcwODZ9.L9dcPHEDQew2u9MkDCORFkfDGcSOsgoPqNY-LUMLEHg");\n        assertThat(jwt, is(notNullValue()));\n        assertThat(jwt.getExpiresAt(), is(instanceOf(Date.class)));\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetCustomClaimOfTypeDate() throws Exception {\n        String token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoxNDc4ODkxNTIxfQ.mhioumeok8fghQEhTKF3QtQAksSvZ_9wIhJmgZLhJ6c";\n        Date date = new Date(1478891521000L);\n        DecodedJWT jwt = JWT.decode(token);\n',
);

// jpadilla/pyjwt
add(
  'jpadilla/pyjwt tests/test_api_jws.py',
  [JWT],
  "    def test_decodes_valid_es384_jws(self, jws):\n        example_payload = {'hello': 'world'}\n        with open('tests/keys/testkey_ec.pub', 'r') as fp:\n            example_pubkey = fp.read()\n        example_jws = (\n            b'eyJhbGciOiJFUzM4NCIsInR5cCI6IkpXVCJ9'\n            b'.eyJoZWxsbyI6IndvcmxkIn0'\n            b'.AGtlemKghaIaYh1yeeekFH9fRuNY7hCaw5hUgZ5aG1N'\n            b'2F8FIbiKLaZKr8SiFdTimXFVTEmxpBQ9sRmdsDsnrM-1'\n            b'HAG0_zxxu0JyINOFT2iqF3URYl9HZ8kZWMeZAtXmn6Cw'\n            b'PXRJD2f7N-f7bJ5JeL9VT5beI2XD3FlK3GgRvI-eE-2Ik')\n        decoded_payload = jws.decode(example_jws, example_pubkey)\n",
);

// auth0/node-jsonwebtoken
add(
  'auth0/node-jsonwebtoken test/ed25519-private.pem',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINm0OEjPHWFVPXX+RWO48diNrzeWvhxLYT0UfBHb6ZBA\n-----END PRIVATE KEY-----\n',
);

// jwt/ruby-jwt
add(
  'jwt/ruby-jwt spec/fixtures/certs/ec256k-private.pem',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMHQCAQEEIMTine3s8tT+8bswDM4/z8o+wIYGb9PQPrw8x6Nu6QDdoAcGBSuBBAAK\noUQDQgAEy8wuv6+fXodLPLfhxm132y1R8m4dkng7tHe7N+sULV2Eth6AxEXQfd+E\n4nuceR21UNCvQKqxiYwCzVwIKcHe/A==\n-----END EC PRIVATE KEY-----\n',
);
add(
  'jwt/ruby-jwt spec/fixtures/keys/ec512-private.pem',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMIHcAgEBBEIB0/+ffxEj7j62xvGaB5pvzk888e412ESO/EK/K0QlS9dSF8+Rj1rG\nzqpRB8fvDnoe8xdmkW/W5GKzojMyv7YQYumgBwYFK4EEACOhgYkDgYYABAEw74Yw\naTbPY6TtWmxx6LJDzCX2nKWCPnKdZcEH9Ncu8g5RjRBRq2yacja3OoS6nA2YeDng\nreBJxZr376P6Ns6XcQFWDA6K/MCTrEBCsPxXZNxd8KR9vMGWhgNtWRrcKzwJfQkr\nsuyehZkbbYyFnAWyARKHZuV7VUXmeEmRS/f93MPqVA==\n-----END EC PRIVATE KEY-----\n',
);

// paramiko/paramiko
add(
  'paramiko/paramiko tests/test_dss_password.key',
  [PK],
  '-----BEGIN DSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: DES-EDE3-CBC,78DAEB836ED0A646\n\nldWkq9OMlXqWmjIqppNnmNPIUj5uVT12LkBosTApTbibTme3kIJb1uDeG2BShVfY\n+vDOTUE9koGPDLsxW1t5At+EVyIDK8aIO0uHteXM5AbBX20LLUWRbRVqZhsMxqQh\n3H3XlHiN+QhaWcb4fFuu18a8SkimTFpDnZuffoCDl/zh/B7XieARTLA805K/ZgVB\nBBwflkR2BE053XHrJAIx9BEUlLP76Fo18rvjLZOSeu3s+VnnhqUb5FCt5h50a46u\nYXQBbo2r9Zo1ilGMNEXJO0gk5hwGVmTySz53NkPA5HmWt8NIzv5jQHMDy7N+ZykF\nuwpP1R5M/ZIFY4Y5h/lvn6IJjQ7VySRPIbpN8o2YJv2OD1Ja80n3tU8Mg77o3o4d\nNwKm7cCjlq+FuIBdOsSgsB8FPQRUhW+jpFDxmWN64DM2cEg6RUdptby7WmMp0HwK\n1qyEfxHjLMuDVlD7lASIDBrRlUjPtXEH1DzIYQuYaRZaixFoZ7EY+X73TwmrKFEU\nUS9ZnQZtRtroRqGwR4fz4wQQsjTl/AmOijlBmi29taJccJsT/THrLQ5plOEd8OMv\n9FsaPJXBU85gaRKo3JZtrw==\n-----END DSA PRIVATE KEY-----\n',
);

// kubernetes/website
add(
  'kubernetes/website content/en/docs/tasks/inject-data-application/distribute-credentials-secure.md',
  [PW],
  "{{< note >}}\nIf you want to skip the Base64 encoding step, you can create a Secret\nby using the `kubectl create secret` command:\n{{< /note >}}\n\n```shell\nkubectl create secret generic test-secret --from-literal=username='my-app' --from-literal=password='39528$vdg7Jb'\n```\n",
);
add(
  'kubernetes/website content/en/docs/tasks/inject-data-application/distribute-credentials-secure.md',
  [],
  '* In your shell, display `username` and `password` container environment variables\n\n  ````shell\n  kubectl exec -it envfrom-secret -- /bin/sh -c \'echo "username: $username\\npassword: $password"\'\n  ````\n',
);

// go-gitea/gitea
add(
  'go-gitea/gitea docs/content/development/api-usage.en-us.md',
  [GEN],
  'For historical reasons, Gitea needs the word `token` included before\nthe API key token in an authorization header, like this:\n\n```sh\nAuthorization: token 65eaa9c8ef52460d22a93307fe0aee76289dc675\n```\n',
);
add(
  'go-gitea/gitea docs/content/development/api-usage.en-us.md',
  [GEN],
  '```sh\n$ curl -H "Content-Type: application/json" -d \'{"name":"test"}\' -u username:password https://gitea.your.host/api/v1/users/<username>/tokens\n{"id":1,"name":"test","sha1":"9fcb1158165773dd010fca5f0cf7174316c3e37d","token_last_eight":"16c3e37d"}\n```\n\nThe ``sha1`` (the token) is only returned once and is not stored in\nplain-text.\n',
);
add(
  'go-gitea/gitea docs/content/development/api-usage.en-us.md',
  [],
  '```sh\n$ curl -H "X-Gitea-OTP: 123456" --url https://yourusername:yourpassword@gitea.your.host/api/v1/users/yourusername/tokens\n```\n',
);

// mastodon/documentation
add(
  'mastodon/documentation content/en/methods/apps.md',
  [GEN],
  '{\n  "id": "563419",\n  "name": "Test Application",\n  "website": "https://app.example",\n  "scopes": ["read", "write", "push"],\n  "redirect_uri": "urn:ietf:wg:oauth:2.0:oob",\n  "redirect_uris": ["urn:ietf:wg:oauth:2.0:oob"],\n  "client_id": "TWhM-tNSuncnqN7DBJmoyeLnk6K3iJJ71KKXxgL1hPM",\n  "client_secret": "ZEaFUFmF0umgBX1qKJDjaU99Q31lDkOU8NutzTOoliw",\n  "client_secret_expires_at": 0\n}\n',
);

// neondatabase/website
add(
  'neondatabase/website content/docs/reference/cli-connection-string.md',
  [],
  '- Get a basic connection string for the current project, branch, and database:\n\n  ```bash shouldWrap\n  neon connection-string mybranch\n  postgresql://alex:AbC123dEf@ep-cool-darkness-123456.us-east-2.aws.neon.tech/dbname\n  ```\n',
);

// jpadilla/pyjwt
add(
  'jpadilla/pyjwt tests/keys/testkey_rsa_openssh.priv',
  [PK],
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABFwAAAAdzc2gtcnNhAAAA\nAwEAAQAAAQEAuWq6MYlX8tbcGgviQQcupe/J8pIR+J1v1e9WVodPyCjJ9pbL9Ub/Duem7pRyFczx\nfZ6jN2ddCwNDY6mZhYg1gZD3AlIUOPQJ8COmasvRJ6RLnQ7ASD6PmjCYScGUgDI9Xir0sR6GcWtW\nWKOtIpikkCKrAIYgmRU00Wj6GzIMKm4//AW6iE6NYsPQd58XbbRjbxLurReNJrVIUqUxHw3TyW5t\nAtFt+k9E4s0Ge3zUQ6cF3A0A8rSoksBq/8LoI1OQLHUN/Eh5ynzEiENavf6WtrsEPiDHKAQwAZ7d\nX5R71zqrNw7J6sWJ1MAObptYLlHg8aaJ91YgOgl25fLEU45mZwAAA7g8fKNBPHyjQQAAAAdzc2gt\ncnNhAAABAQC5aroxiVfy1twaC+JBBy6l78nykhH4nW/V71ZWh0/IKMn2lsv1Rv8O56bulHIVzPF9\nnqM3Z10LA0NjqZmFiDWBkPcCUhQ49AnwI6Zqy9EnpEudDsBIPo+aMJhJwZSAMj1eKvSxHoZxa1ZY\no60imKSQIqsAhiCZFTTRaPobMgwqbj/8BbqITo1iw9B3nxdttGNvEu6tF40mtUhSpTEfDdPJbm0C\n0W36T0TizQZ7fNRDpwXcDQDytKiSwGr/wugjU5AsdQ38SHnKfMSIQ1q9/pa2uwQ+IMcoBDABnt1f\nlHvXOqs3DsnqxYnUwA5um1guUeDxpon3ViA6CXbl8sRTjmZnAAAAAwEAAQAAAQAXKf277ZAmvu/9\ncwmfnSGXSnc8zkHfgO+1VvK+2aW+eFYO7/ToHigEOS2SNcpw7csnqfdzFv85Pn2fSFNtKsCggLdT\nO2TaXqaVMSb7xZ3KKYzmwK6F+AbhuPt1j3EZeO1Qw+YQ8KLULZg6d6xMG6zHcwVRCfCtn0gbd1Vz\nq1N4w1nG1jLZOPOvKPiEgWKq3v8kriqM7Ar8982pFtVxeYh6XCu5u9Iichr5q/g+YL9f17s34UJp\nK1vTKlqbTpAJiXhdM/tI/LIlRICU27koS8b1FM2dUUUGinF1+lD40LMpTPlHoS78iFtxURzuKAp+\nmk22E/piDgknEkWfL2TPuQDVAAAAgHX5CLy0bxI8G2nrE2NxZyb+xcMWmTAGcyoRIpmranlvL5+t\nPzJOzlQ0mFcko0M/qnvWBw/W1PLlxBGeLit0hbUgpxVynSpWHhLvecKFbwALfuVzgExWzoZM6KhN\nphVdtTSP85RcIz1PlYqEzR9qzW3YxwRUcPGRl1DUxCAngWirAAAAgQDmPWTqHJxH7JchPv4+vMU6\nBdE2CPsW9NcXqPWcHW8IhWUrCjvIlhbFQuRKg+1Rz2Q20aImtwIhKDzj9e/aR2kmuA9eqUB1sXIF\nWtna0KKqfDGTqBdMHVk7ZViKYwANOJbRxykTD/9mwssaIoZCApLYHGx4B7l5GIb7Ns1y8YAAzQAA\nAIEAzimAClR4mhkuXglm+yu7Hfo7ofA2apAlHZvdrzrXB41eYUG/kFcgvOpPox1I4oELws/OyfX6\nkZfAdW4Py6XOvlrzV1botqJw4r+HnAkoWvM9VFEYtnCJh+Wea8cDhm377S3YuBk4K0246eB2Lp4I\nuK7nKpbQ0M6DakUKRZt39AMAAAAAAQID\n-----END OPENSSH PRIVATE KEY-----\n',
);

// paramiko/paramiko
add(
  'paramiko/paramiko tests/test_ecdsa_password_384.key',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,7F7B5DBE4CE040D822441AFE7A023A1D\n\ny/d6tGonAXYgJniQoFCdto+CuT1y1s41qzwNLN9YdNq/+R/dtQvZAaOuGtHJRFE6\nwWabhY1bSjavVPT2z1Zw1jhDJX5HGrf9LDoyORKtUWtUJoUvGdYLHbcg8Q+//WRf\nR0A01YuSw1SJX0a225S1aRcsDAk1k5F8EMb8QzSSDgjAOI8ldQF35JI+ofNSGjgS\nBPOlorQXTJxDOGmokw/Wql6MbhajXKPO39H2Z53W88U=\n-----END EC PRIVATE KEY-----\n',
);

// RocketChat/developer-docs
add(
  'RocketChat/developer-docs reference/api/rest-api/endpoints/other-important-endpoints/authentication-endpoints/login.md',
  [GEN],
  '## Result\n\n```javascript\n{\n  "status": "success",\n  "data": {\n      "authToken": "9HqLlyZOugoStsXCUfD_0YdwnNnunAJF8V47U3QHXSq",\n      "userId": "aobEdbYhXfu5hkeqG",\n      "me": {\n            "_id": "aYjNnig8BEAWeQzMh",\n            "name": "Rocket Cat",\n',
);
add(
  'RocketChat/developer-docs reference/api/rest-api/endpoints/other-important-endpoints/authentication-endpoints/login.md',
  [],
  '## Example Call - As JSON\n\n```bash\ncurl -H "Content-type:application/json" \\\n      http://localhost:3000/api/v1/login \\\n      -d \'{ "user": "myusername", "password": "mypassword" }\'\n```\n',
);
add(
  'RocketChat/developer-docs reference/api/rest-api/endpoints/other-important-endpoints/authentication-endpoints/login.md',
  [],
  '| Argument   | Example                                       | Required | Description                      |\n| ---------- | --------------------------------------------- | -------- | -------------------------------- |\n| `user`     | `foo@bar.com` OR `myusername`                 | Optional | Your username or email           |\n| `password` | `my$up3erP@ssw0rd`                            | Optional | Your password                    |\n',
);

// auth0/java-jwt
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetIssuedAt() throws Exception {\n        DecodedJWT jwt = JWT.decode("eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjE0NzY3MjcwODZ9.KPjGoW665E8V5_27Jugab8qSTxLk2cgquhPCBfAP0_w");\n        assertThat(jwt, is(notNullValue()));\n        assertThat(jwt.getIssuedAt(), is(instanceOf(Date.class)));\n',
);
add(
  'auth0/java-jwt lib/src/test/java/com/auth0/jwt/JWTDecoderTest.java',
  [JWT],
  '    @Test\n    public void shouldGetCustomMapClaim() throws Exception {\n        String token = "eyJhbGciOiJIUzI1NiJ9.eyJuYW1lIjp7InN0cmluZyI6InZhbHVlIiwibnVtYmVyIjoxLCJib29sZWFuIjp0cnVlfX0.-8aIaXd2-rp1lLuDEQmCeisCBX9X_zbqdPn2llGxNoc";\n        DecodedJWT jwt = JWT.decode(token);\n        Assert.assertThat(jwt, is(notNullValue()));\n        Map<String, Object> map = jwt.getClaim("name").asMap();\n',
);

// Kong/docs.konghq.com
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/jwt/2.1-x.md',
  [GEN],
  '```bash\n$ curl -X POST http://kong:8001/consumers/{consumer}/jwt -H "Content-Type: application/x-www-form-urlencoded"\nHTTP/1.1 201 Created\n\n{\n    "consumer_id": "7bce93e1-0a90-489c-c887-d385545f8f4b",\n    "created_at": 1442426001000,\n    "id": "bcbfb45d-e391-42bf-c2ed-94e32946753a",\n    "key": "a36c3049b36249a3c9f8891cb127243c",\n    "secret": "e71829c351aa4242c2719cbfbe671c09"\n}\n```\n',
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/jwt/2.1-x.md',
  [JWT],
  "The JWT can now be included in a request to Kong by adding it as a header, if configured in `config.header_names` (which contains `Authorization` by default):\n\n```bash\n$ curl http://kong:8000/{route path} \\\n    -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJhMzZjMzA0OWIzNjI0OWEzYzlmODg5MWNiMTI3MjQzYyIsImV4cCI6MTQ0MjQzMDA1NCwibmJmIjoxNDQyNDI2NDU0LCJpYXQiOjE0NDI0MjY0NTR9.AhumfY35GFLuEEjrOXiaADo7Ae6gt_8VLwX7qffhQN4'\n```\n",
);
add(
  'Kong/docs.konghq.com app/_hub/kong-inc/jwt/2.1-x.md',
  [GEN],
  '```bash\n$ curl -X GET http://kong:8001/jwts\n\n{\n    "total": 3,\n    "data": [\n        {\n            "created_at": 1509593911000,\n            "id": "381879e5-04a1-4c8a-9517-f85fbf90c3bc",\n            "algorithm": "HS256",\n            "key": "UHVwIly5ZxZH7g52E0HRlFkFC09v9yI0",\n            "secret": "KMWyDsTTcZgqqyOGgRWTDgZtIyWeEtJh",\n            "consumer": { "id": "3c2c8fc1-7245-4fbb-b48b-e5947e1ce941" }\n        },\n        {\n            "created_at": 1509593912000,\n            "id": "d10c6f3b-71f1-424e-b1db-366abb783460",\n            "algorithm": "HS256",\n            "key": "SqSNfg9ARmPnpycyJSMAc2uR6nxdmc9S",\n            "secret": "CCh6ZIcwDSOIWacqkkWoJ0FWdZ5eTqrx",\n            "consumer": { "id": "3c2c8fc1-7245-4fbb-b48b-e5947e1ce941" }\n        }\n    ]\n}\n```\n',
);

writeRound(17, samples);
