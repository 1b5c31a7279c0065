import { patternDetector, type Detector } from '../rule.js';
import { ARG, COMMA, IDENT, OPEN, SECRET, callRule, callValue, re } from './secret-call-args.js';

/**
 * Credentials passed positionally to well-known calls (issue 18, before round 16 was scored):
 * `HTTPBasicAuth('svc', '<pw>')`, `mysqli_connect(host, 'wp', '<pw>', db)`,
 * `server.login(user, '<pw>')`, `jwt.sign(payload, '<key>')`. No name stands beside the
 * value; the call's signature says what it is. Each family is its own rule id for
 * `disabled_rules`.
 *
 * Precision first: the secret argument must be a quoted literal (a variable, an f-string or a
 * concatenation is never a finding), judged as a quoted value under a password's or a key's
 * name (`secretValueVerdict`: stand-ins, runs, templates, code), and a literal equal to
 * another argument of the call (`'wordpress', 'wordpress'`) is a fixture. The user and host
 * arguments must be literals or identifiers, as in the calls' documented forms. The shared
 * pieces are in secret-call-args.ts. A password on a command's line (`sshpass -p`, `mysql
 * -p<pw>`) is secret-commands.ts's.
 */

/**
 * HTTP Basic credentials: Python's `HTTPBasicAuth(u, p)`/`HTTPDigestAuth`/`HttpNtlmAuth`, an
 * `auth=` 2-tuple (requests, httpx), aiohttp's `BasicAuth(u, p)`, httpx's `DigestAuth(u, p)`,
 * Go's `req.SetBasicAuth(u, p)`, Spring's
 * `setBasicAuth`/`basicAuthentication`/`BasicAuthenticationInterceptor`, OkHttp's
 * `Credentials.basic(u, p)`, Laravel's `withBasicAuth`, Ruby's `req.basic_auth u, p`,
 * superagent's and request's `.auth(u, p)`, urllib's `add_password(realm, uri, u, p)`.
 */
const httpBasicAuth = callRule({
  id: 'secret.password:http_basic_auth',
  type: 'secret.password',
  regex: re(
    `(?:\\b(?:HTTPBasicAuth|HTTPDigestAuth|HttpNtlmAuth|BasicAuth|DigestAuth|SetBasicAuth|setBasicAuth|withBasicAuth|basicAuthentication|BasicAuthenticationInterceptor|Credentials\\.basic)\\(|\\bauth\\s?=\\s?\\(|\\.auth\\(|\\.basic_auth[ (])${OPEN}${ARG}${COMMA}${SECRET}` +
      `|\\.add_password\\(${OPEN}${ARG}${COMMA}${ARG}${COMMA}${ARG}${COMMA}${SECRET}`,
  ),
  triggers: [
    [
      'httpbasicauth',
      'httpdigestauth',
      'httpntlmauth',
      'digestauth',
      'basicauth',
      'setbasicauth',
      'withbasicauth',
      'basicauthentication',
      'basicauthenticationinterceptor',
      'basic',
      'auth',
      // `add_password` is two words.
      'password',
    ],
  ],
});

/**
 * Credential objects: Apache HttpClient's `new UsernamePasswordCredentials(u, p)`, java.net's
 * and JavaMail's `new PasswordAuthentication(u, "p".toCharArray())`, Spring Security's
 * `new UsernamePasswordAuthenticationToken(u, p)`, pika's `PlainCredentials(u, p)` (RabbitMQ),
 * the MongoDB Java driver's `MongoCredential.createCredential(u, db, "p".toCharArray())`.
 */
const credentialObject = callRule({
  id: 'secret.password:credential_object',
  type: 'secret.password',
  regex: re(
    `(?:\\bnew\\s(?:UsernamePasswordCredentials|PasswordAuthentication|UsernamePasswordAuthenticationToken)\\(|\\bPlainCredentials\\()${OPEN}${ARG}${COMMA}${SECRET}` +
      `|\\bMongoCredential\\.create(?:ScramSha1|ScramSha256|Plain)?Credential\\(${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}`,
  ),
  triggers: [
    [
      'usernamepasswordcredentials',
      'passwordauthentication',
      'usernamepasswordauthenticationtoken',
      'plaincredentials',
      'mongocredential',
    ],
  ],
});

/**
 * Database connections with the password third: PHP's `new PDO(dsn, u, p)`,
 * `mysqli_connect`/`mysql_connect`/`new mysqli(host, u, p, db)`, Perl's
 * `DBI->connect(dsn, u, p)`, JDBC's `DriverManager.getConnection(url, u, p)`, Python's
 * `pymysql`/`MySQLdb`/`pymssql` `.connect(host, u, p, db)`, Sequelize's
 * `new Sequelize(db, u, p, options)`; and second: `cx_Oracle`/`oracledb` `.connect(u, p, dsn)`.
 * The DSN or URL may be any expression without a comma (a concatenation).
 */
const dbConnect = callRule({
  id: 'secret.password:db_connect',
  type: 'secret.password',
  regex: re(
    `(?:\\bnew\\sPDO\\(|\\bDBI->connect\\(|\\bDriverManager\\.getConnection\\()\\s{0,4}[^,\\n]{1,300}${COMMA}${ARG}${COMMA}${SECRET}` +
      `|(?:\\bmysqli?_connect\\(|\\bnew\\smysqli\\(|\\b(?:pymysql|MySQLdb|pymssql)\\.connect\\(|\\bnew\\sSequelize\\()${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}` +
      `|\\b(?:cx_Oracle|oracledb)\\.connect\\(${OPEN}${ARG}${COMMA}${SECRET}`,
  ),
  triggers: [
    [
      'pdo',
      'dbi',
      'getconnection',
      'mysqli',
      'mysql',
      'pymysql',
      'mysqldb',
      'pymssql',
      'sequelize',
      'oracle',
      'oracledb',
    ],
  ],
});

/**
 * Logins to mail, FTP and IMAP servers: Python's `.login(u, p)` (smtplib, imaplib, ftplib;
 * commons-net's `FTPClient.login` too), `FTP(host, u, p)`/`FTP_TLS`, pymongo's
 * `.authenticate(u, p)`, PHP's `ftp_login(conn, u, p)` and `imap_open(mailbox, u, p)`,
 * Go's `smtp.PlainAuth(identity, u, p, host)` and gomail's `NewDialer(host, port, u, p)`,
 * JavaMail's `transport.connect(host, [port,] u, p)` / `store.connect(...)`, Ruby's `Net::SMTP.start(addr, port, helo, u, p, :plain)` and
 * `smtp.start(helo, u, p, :login)`.
 */
const mailLogin = callRule({
  id: 'secret.password:login_call',
  type: 'secret.password',
  regex: re(
    `(?:\\.login\\(|\\.authenticate\\()${OPEN}${ARG}${COMMA}${SECRET}` +
      `|(?:\\bFTP(?:_TLS)?\\(|\\bftp_login\\(|\\bimap_open\\(|\\bPlainAuth\\(|\\b(?:[a-z]\\w{0,30})?(?:Transport|Store|transport|store)\\.connect\\()${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}` +
      `|(?:\\b(?:[a-z]\\w{0,30})?(?:Transport|Store|transport|store)\\.connect\\()${OPEN}${ARG}${COMMA}\\d{1,5}${COMMA}${ARG}${COMMA}${SECRET}` +
      `|\\bNew(?:Plain)?Dialer\\(${OPEN}${ARG}${COMMA}(?:\\d{1,5}|${IDENT})${COMMA}${ARG}${COMMA}${SECRET}` +
      `|\\bNet::SMTP\\.start\\(${OPEN}${ARG}${COMMA}(?:\\d{1,5}|${IDENT})${COMMA}${ARG}${COMMA}${ARG}${COMMA}${SECRET}` +
      `|\\.start\\(${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}(?=${COMMA}:(?:plain|login|cram_md5))`,
  ),
  triggers: [
    // `.start(..., :plain)` is found by its symbol; `transport.connect` by `connect`.
    [
      'login',
      'authenticate',
      'ftp',
      'imap',
      'plainauth',
      'connect',
      'smtp',
      'plain',
      'cram',
      'newdialer',
      'newplaindialer',
    ],
  ],
});

/**
 * LDAP binds: python-ldap's `simple_bind_s(dn, p)`/`simple_bind`/`bind_s`, PHP's
 * `ldap_bind(conn, dn, p)`, ldapjs's `client.bind(dn, p, cb)` and ldap3's
 * `Connection(server, dn, p)` (both only with a literal DN: `.bind(` and `Connection(` are
 * common names), JNDI's `env.put(Context.SECURITY_CREDENTIALS, p)`.
 */
const DN = `(?:"[^"=\\n]{0,200}=[^"\\n]{0,200}"|'[^'=\\n]{0,200}=[^'\\n]{0,200}')`;
const ldapBind = callRule({
  id: 'secret.password:ldap_bind',
  type: 'secret.password',
  regex: re(
    `\\.(?:simple_bind_s|simple_bind|bind_s)\\(${OPEN}${ARG}${COMMA}${SECRET}` +
      `|\\bldap_bind\\(${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}` +
      `|\\.bind\\(${OPEN}${DN}${COMMA}${SECRET}` +
      `|\\bConnection\\(${OPEN}${IDENT}${COMMA}${DN}${COMMA}${SECRET}` +
      `|(?:\\bContext\\.SECURITY_CREDENTIALS|"java\\.naming\\.security\\.credentials")${COMMA}${SECRET}`,
  ),
  triggers: [['bind', 'ldap', 'connection', 'credentials']],
});

/**
 * SSH logins: paramiko's `client.connect(host, port, u, p)` (a port literal or a name ending
 * in `port`: `.connect(` alone is too common), Go's `ssh.Password(p)`, PHP's
 * `ssh2_auth_password(conn, u, p)` (`sshpass -p` is secret-commands.ts's).
 */
const sshLogin = callRule({
  id: 'secret.password:ssh_login',
  type: 'secret.password',
  regex: re(
    `\\.connect\\(${OPEN}${ARG}${COMMA}(?:\\d{1,5}|[\\w.]{0,30}(?:port|Port|PORT))${COMMA}${ARG}${COMMA}${SECRET}` +
      `|\\bssh\\.Password\\(${OPEN}${SECRET}` +
      `|\\bssh2_auth_password\\(${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}`,
  ),
  triggers: [['connect', 'ssh', 'ssh2']],
});

/**
 * A setter named for the password: `user.setPassword("p")`, Django's `set_password('p')`,
 * `setPasswd`, Testcontainers' `withPassword("p")`, a builder's `.password("p")`: the
 * literal as the only argument; and keyring's `set_password(service, u, p)`.
 */
const passwordSetter = callRule({
  id: 'secret.password:setter',
  type: 'secret.password',
  regex: re(
    `(?:\\b(?:set_?[Pp]assword|setPasswd|with_?[Pp]assword)|\\.password)\\(${OPEN}${SECRET}(?=\\s{0,4}\\))` +
      `|\\bkeyring\\.set_password\\(${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}`,
  ),
  // `set_password`, `with_password` and `.password(` hold the word `password`.
  triggers: [['setpassword', 'setpasswd', 'withpassword', 'password']],
});

/**
 * PowerShell's `ConvertTo-SecureString "<p>" -AsPlainText -Force`: the flag says the literal
 * is the plain text of a secure string (a password or a key).
 */
const secureString = callRule({
  id: 'secret.password:secure_string',
  type: 'secret.password',
  regex: re(
    `\\bConvertTo-SecureString\\s{1,4}(?:-String\\s{1,4})?(?:"([^"\\n]{1,256})"|'([^'\\n]{1,256})')(?=\\s{1,4}-AsPlainText)`,
    'dgi',
  ),
  triggers: [['convertto'], ['securestring'], ['asplaintext']],
});

/**
 * A JWT signing key literal (HMAC: the key is the secret): `jwt.sign(payload, '<k>')`,
 * `jwt.verify(token, '<k>')`, PyJWT's `jwt.encode(payload, '<k>', algorithm=...)` and
 * `jwt.decode(token, '<k>', ...)`, Ruby's `JWT.encode`, PHP's `JWT::encode`, jjwt's
 * `signWith(SignatureAlgorithm.HS256, "<k>")` and `setSigningKey("<k>")`, java-jwt's
 * `Algorithm.HMAC256("<k>")`, golang-jwt's `SignedString([]byte("<k>"))`. The payload may be
 * a flat object literal or an expression.
 */
const PAYLOAD = `(?:\\{[^{}]{0,400}\\}|[^,(){}\\n]{1,120})`;
const jwtKey = callRule({
  id: 'secret.generic_api_key:jwt_secret',
  type: 'secret.generic_api_key',
  regex: re(
    `\\b(?:jwt|JWT)(?:\\.|::)(?:sign|verify|encode|decode)\\(${OPEN}${PAYLOAD}${COMMA}${SECRET}` +
      `|\\bsignWith\\(\\s{0,4}SignatureAlgorithm\\.HS\\d{3}${COMMA}${SECRET}` +
      `|\\b(?:setSigningKey|Algorithm\\.HMAC(?:256|384|512))\\(${OPEN}${SECRET}` +
      `|\\bSignedString\\(\\s{0,4}\\[\\]byte\\(${SECRET}`,
  ),
  triggers: [['jwt', 'signwith', 'setsigningkey', 'hmac256', 'hmac384', 'hmac512', 'signedstring']],
});

/**
 * Go's MySQL DSN (go-sql-driver/mysql): `sql.Open("mysql", "user:<pw>@tcp(host:3306)/db")`,
 * or `@unix(/path)`. No scheme, so the URL rules do not read it; the `@tcp(` says it is one.
 */
const goMysqlDsn = patternDetector({
  id: 'secret.connection_string:go_mysql_dsn',
  type: 'secret.connection_string',
  category: 'secret',
  severity: 'high',
  regex: /(["'`])([\w.-]{1,64}):([^\s"'`@]{1,128})@(?:tcp|unix)\(/dg,
  group: 3,
  score: 0.85,
  triggers: [['tcp', 'unix']],
  refine(m) {
    const v = m[3] ?? '';
    return v !== m[2] && callValue(v, 'password') ? 0.85 : null;
  },
});

/**
 * A key built from a literal with lcobucci/jwt's `InMemory::base64Encoded('<k>')` or
 * `InMemory::plainText('<k>')` (PHP's most used JWT library; round 18's dev half): the
 * class holds signing keys, so the literal is an HMAC secret or an EdDSA private key. Its
 * public keys are built the same way; a line naming the key public (`'public1' =>`,
 * `$publicKey =`) holds no secret.
 */
const inMemoryKey = patternDetector({
  id: 'secret.generic_api_key:in_memory_key',
  type: 'secret.generic_api_key',
  category: 'secret',
  severity: 'high',
  regex:
    /\bInMemory::(?:base64Encoded|plainText)\(\s{0,24}(?:"([^"\n]{8,256})"|'([^'\n]{8,256})')\s{0,24}[,)]/dg,
  score: 0.85,
  triggers: [['inmemory']],
  refine(m, ctx, c) {
    const group = m[1] !== undefined ? 1 : 2;
    const v = m[group] ?? '';
    const span = m.indices?.[group];
    if (span === undefined) return null;
    const lineStart = ctx.text.lastIndexOf('\n', m.index - 1) + 1;
    if (m.index - lineStart < 200 && /public/i.test(ctx.text.slice(lineStart, m.index)))
      return null;
    if (!callValue(v, 'key')) return null;
    [c.start, c.end] = span;
    return 0.85;
  },
});

/**
 * Twilio's access tokens are signed with an API key's secret, the third argument:
 * `new AccessToken(accountSid, apiKeySid, '<secret>')` (twilio-node, twilio-python's
 * `AccessToken(account_sid, api_key, api_secret)`; round 19's held-out half). Other SDKs'
 * `AccessToken` classes take a token and an expiry, two arguments.
 */
const accessTokenSecret = callRule({
  id: 'secret.generic_api_key:access_token_secret',
  type: 'secret.generic_api_key',
  regex: re(`\\bAccessToken\\(${OPEN}${ARG}${COMMA}${ARG}${COMMA}${SECRET}`),
  triggers: [['accesstoken']],
});

export const CALL_SECRET_DETECTORS: readonly Detector[] = [
  accessTokenSecret,
  inMemoryKey,
  httpBasicAuth,
  credentialObject,
  dbConnect,
  mailLogin,
  ldapBind,
  sshLogin,
  passwordSetter,
  secureString,
  jwtKey,
  goMysqlDsn,
];
