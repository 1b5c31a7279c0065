import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import { secretFindings } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Credentials passed to well-known calls"): a credential
// passed positionally to a well-known API, where the call's signature, not a name, says what
// the literal is. Values are typed for this file (random-looking), never a round's own.
const secrets = (text: string) => secretFindings(text);

const detector = createDetector();
/** The rule that found each secret, with its span: `rule span`. */
const rules = (text: string) =>
  detector
    .scanEvent([{ field: 'prompt', text }])
    .filter((d) => d.category === 'secret')
    .map((d) => `${d.detector} ${text.slice(d.start, d.end)}`);

/**
 * Each call form with the password at `PW`: found when PW is a random literal, refused when it
 * is a variable, a stand-in, an empty string or a template.
 */
function refusals(form: string): string[] {
  return [
    form.replace(/(["'])PW\1/, 'userPass'),
    form.replace('PW', 'password123'),
    form.replace('PW', 'changeme'),
    form.replace('PW', 'secret'),
    form.replace('PW', 'wrongpassword'),
    form.replace('PW', 'topsecret'),
    form.replace('PW', 'rootroot'),
    form.replace('PW', ''),
    form.replace('PW', '${PW}'),
  ];
}

const PASSWORD_CALLS: [string, string, string][] = [
  [
    'http_basic_auth',
    "r = requests.get(u, auth=HTTPBasicAuth('svc-billing', 'PW'))",
    'Hv4qL9mZx2Tc',
  ],
  ['http_basic_auth', "requests.get(u, auth=('svc-billing', 'PW'))", 'Jw5rM8nYx3Ud'],
  ['http_basic_auth', 'req.SetBasicAuth("ops", "PW")', 'Kq6sN7pXw4Ve'],
  ['http_basic_auth', 'String h = Credentials.basic("ops", "PW");', 'Gm3tB8vQz5Rk'],
  ['http_basic_auth', "request.get(u).auth('ci', 'PW', true)", 'Bx7uC2wRy6Sf'],
  ['http_basic_auth', "req.basic_auth 'ci', 'PW'", 'Dz2vF9xTs7Gh'],
  ['http_basic_auth', "mgr.add_password(None, top, 'ci', 'PW')", 'Fy8wH3zUr5Jk'],
  ['credential_object', 'new UsernamePasswordCredentials("svc", "PW")', 'Lx9yJ4aVq6Km'],
  ['credential_object', 'new PasswordAuthentication("mailer", "PW".toCharArray())', 'Nw3zK5bWp7Ln'],
  ['credential_object', "creds = pika.PlainCredentials('mq-app', 'PW')", 'Mv3qT8xLk2Wz'],
  [
    'credential_object',
    'MongoCredential.createCredential("app", "admin", "PW".toCharArray())',
    'Nb4rU9yMj3Xa',
  ],
  ['http_basic_auth', "auth = HttpNtlmAuth('CORP\\\\svc', 'PW')", 'Qe7uX4bPf6Ad'],
  ['db_connect', "$db = new PDO('mysql:host=db;dbname=crm', 'crm_app', 'PW');", 'Pv4aL6cXo8Mq'],
  ['db_connect', '$c = mysqli_connect("10.1.2.3", "wp", "PW", "blog");', 'Qu5bM7dYn9Nr'],
  ['db_connect', '$c = new mysqli("10.1.2.3", $user, "PW", "blog");', 'Rt6cN8eZm2Ps'],
  ['db_connect', '$h = DBI->connect("DBI:Pg:dbname=crm", "crm", "PW");', 'Ss7dP9fAl3Qt'],
  [
    'db_connect',
    'c = DriverManager.getConnection("jdbc:postgresql://db:5432/crm", "crm", "PW");',
    'Tr8eQ2gBk4Ru',
  ],
  [
    'db_connect',
    'c = DriverManager.getConnection(\n        "jdbc:mysql://db:3306/crm",\n        "crm",\n        "PW"\n);',
    'Sg9wZ6dRd8Cf',
  ],
  ['db_connect', 'db = pymysql.connect("db", "report", "PW", "sales")', 'Uq9fR3hCj5Sv'],
  ['db_connect', 'db = MySQLdb.connect("db", "report", "PW", "sales")', 'Vp2gS4iDh6Tw'],
  [
    'db_connect',
    "const s = new Sequelize('crm', 'crm', 'PW', { dialect: 'mysql' });",
    'Wo3hT5jEg7Ux',
  ],
  ['db_connect', 'c = cx_Oracle.connect("crm", "PW", "db/orcl")', 'Xn4iU6kFf8Vy'],
  ['login_call', 'server.login("ops@example.net", "PW")', 'Ym5jV7lGe9Wz'],
  ['login_call', 'ftp = FTP("files.example.net", "uploader", "PW")', 'Zl6kW8mHd2Xa'],
  ['login_call', 'ftp_login($conn, "uploader", "PW");', 'Ak7lX9nIc3Yb'],
  [
    'login_call',
    'a := smtp.PlainAuth("", "ops@example.net", "PW", "smtp.example.net")',
    'Bj8mY2oJb4Zc',
  ],
  ['login_call', 'd := gomail.NewDialer("smtp.example.net", 587, "mailer", "PW")', 'Oc5sV2zNh4Yb'],
  ['login_call', 'transport.connect("smtp.example.net", 587, "mailer", "PW");', 'Pd6tW3aOg5Zc'],
  ['login_call', 'transport.connect("smtp.example.net", "mailer", "PW");', 'Ci9nZ3pKa5Ad'],
  [
    'login_call',
    "Net::SMTP.start('smtp.example.net', 587, 'example.net', 'mailer', 'PW', :plain)",
    'Dh2oA4qLz6Be',
  ],
  ['ldap_bind', 'conn.simple_bind_s("cn=ops,dc=example,dc=net", "PW")', 'Eg3pB5rMy7Cf'],
  ['ldap_bind', 'ldap_bind($ds, "cn=ops,dc=example,dc=net", "PW");', 'Ff4qC6sNx8Dg'],
  ['ldap_bind', "client.bind('cn=ops,dc=example,dc=net', 'PW', cb)", 'Ge5rD7tOw9Eh'],
  ['ldap_bind', 'env.put(Context.SECURITY_CREDENTIALS, "PW");', 'Hd6sE8uPv2Fi'],
  ['ssh_login', "client.connect('10.9.8.7', 22, 'deploy', 'PW')", 'Ic7tF9vQu3Gj'],
  ['ssh_login', 'Auth: []ssh.AuthMethod{ssh.Password("PW")},', 'Jb8uG2wRt4Hk'],
  ['ssh_login', "ssh2_auth_password($conn, 'deploy', 'PW');", 'Ka9vH3xSs5Il'],
  ['setter', 'user.setPassword("PW");', 'My3xJ5zUq7Kn'],
  ['setter', "u.set_password('PW')", 'Nx4yK6aVp8Lo'],
  ['setter', 'new MySQLContainer("mysql:8").withPassword("PW")', 'Ow5zL7bWo9Mp'],
  ['setter', 'DataSourceBuilder.create().username("crm").password("PW").build()', 'Pv6aM8cXn2Nq'],
  ['setter', 'keyring.set_password("deploy-tool", "ci", "PW")', 'Rf8vY5cQe7Be'],
  ['secure_string', '$s = ConvertTo-SecureString "PW" -AsPlainText -Force', 'Qu7bN9dYm3Or'],
];

describe('a password passed to a well-known call', () => {
  it.each(PASSWORD_CALLS)('%s: %s', (rule, form, value) => {
    expect(rules(form.replace('PW', value))).toEqual([`secret.password:${rule} ${value}`]);
  });

  it.each(PASSWORD_CALLS)(
    '%s refuses a variable, a stand-in, empty, a template: %s',
    (_r, form) => {
      for (const text of refusals(form)) expect([text, secrets(text)]).toEqual([text, []]);
    },
  );
});

describe('a JWT signing key literal', () => {
  const KEY_CALLS: [string, string][] = [
    ["const t = jwt.sign({ sub: user.id, role: 'admin' }, 'KEY');", 'Rt8cO2eZl4Ps9Qv3Wx'],
    ["jwt.verify(token, 'KEY', (err, claims) => done(err, claims))", 'Ss9dP3fAk5Qt2Rw4Yz'],
    ['t = jwt.encode({"uid": 7}, "KEY", algorithm="HS256")', 'Tr2eQ4gBj6Ru3Sx5Za'],
    ['c = jwt.decode(t, "KEY", algorithms=["HS256"])', 'Uq3fR5hCi7Sv4Ty6Ab'],
    ["token = JWT.encode(payload, 'KEY', 'HS256')", 'Vp4gS6iDh8Tw5Uz7Bc'],
    ['Jwts.builder().signWith(SignatureAlgorithm.HS512, "KEY").compact()', 'Wo5hT7jEg9Ux6Va8Cd'],
    ['Jwts.parser().setSigningKey("KEY").parseClaimsJws(t)', 'Xn6iU8kFf2Vy7Wb9De'],
    ['Algorithm a = Algorithm.HMAC256("KEY");', 'Ym7jV9lGe3Wz8Xc2Ef'],
    ['s, err := token.SignedString([]byte("KEY"))', 'Zl8kW2mHd4Xa9Yd3Fg'],
  ];

  it.each(KEY_CALLS)('%s', (form, value) => {
    expect(rules(form.replace('KEY', value))).toEqual([
      `secret.generic_api_key:jwt_secret ${value}`,
    ]);
  });

  it.each(KEY_CALLS)('refuses a variable, a stand-in, empty, a template: %s', (form) => {
    for (const v of ['your-256-bit-secret', 'secret', 'shhhhh', '', '${JWT_SECRET}']) {
      const text = form.replace('KEY', v);
      expect([text, secrets(text)]).toEqual([text, []]);
    }
    const variable = form.replace(/(["'])KEY\1/, 'process.env.JWT_SECRET');
    expect([variable, secrets(variable)]).toEqual([variable, []]);
  });
});

describe("Go's MySQL DSN", () => {
  it('finds the password before @tcp( or @unix(', () => {
    const v = 'Ak9lX3nIc5Yb';
    expect(rules(`db, err := sql.Open("mysql", "orders:${v}@tcp(10.0.0.3:3306)/orders")`)).toEqual([
      `secret.connection_string:go_mysql_dsn ${v}`,
    ]);
    expect(rules(`dsn := "orders:${v}@unix(/run/mysqld.sock)/orders"`)).toEqual([
      `secret.connection_string:go_mysql_dsn ${v}`,
    ]);
  });

  it('refuses a format string, a stand-in, the user again', () => {
    expect(secrets('sql.Open("mysql", fmt.Sprintf("%s:%s@tcp(%s)/%s", u, p, h, d))')).toEqual([]);
    expect(secrets('dsn := "root:password@tcp(127.0.0.1:3306)/test"')).toEqual([]);
    expect(secrets('dsn := "orders:orders@tcp(127.0.0.1:3306)/orders"')).toEqual([]);
  });
});

describe('calls that only look like the forms', () => {
  it.each([
    // the same literal as the user and the database: a fixture
    '$c = mysqli_connect("db", "wordpress", "wordpress", "wordpress");',
    // `.bind(` and `.connect(` are common names: a DN, a port, a literal are needed
    "handler = fn.bind(this, 'Kz7Lm2Xk9VqT')",
    "pool.connect('db', 'crm', 'Ti8gP4fBk2Ws')",
    // a concatenation is not a literal password
    'client.login("ops", "Xq4" + suffix)',
    // a bearer token given to .auth() with options
    "superagent.get(u).auth(token, { type: 'bearer' })",
    // keyring's first argument is the service, not the password
    'keyring.set_password("Xq4vB8nLm2Tz", "ci", token)',
    // a sentence is not a password
    'ui.password("Enter the password for this account")',
  ])('%s', (text) => {
    expect(secrets(text)).toEqual([]);
  });

  it('a PowerShell cmdlet is not the value of $pw', () => {
    for (const text of [
      '$password = Read-Host -AsSecureString',
      '$pw = ConvertTo-SecureString $plain -AsPlainText -Force',
      '$securePassword = ConvertFrom-SecureString $pw',
    ])
      expect([text, secrets(text)]).toEqual([text, []]);
  });
});
