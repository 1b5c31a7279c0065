#!/usr/bin/env node
// Round 12 of the external sets (src/detect/README.md, "Round 12"): secrets only, from
// repositories no earlier round used: the `examples:` (with `containsSecret`) of SonarSource
// sonar-text's secret rule files, checkov's secret-scanner test resources (tests/secrets),
// deepsecrets' test fixtures and the secrets OWASP wrongsecrets' challenges hide. Every text
// below is copied from its source (named per sample). A text whose secret value already
// appears in an earlier round is left out (deepsecrets' private key blocks share their body
// with round 10's set). Labels follow the corpus rules, not the scanners': an obvious
// placeholder (runs, `xxxx`, words such as `password` or `pass`, famous example values such as
// AWS's `...EXAMPLE`, `hunter2`, `scott:tiger`, `P@ssw0rd`, `TESTSECRET1234`), a variable
// reference, a template, a format string, a hash or a ciphertext is a negative; a
// real-looking credential is a positive even where the scanner's test expects no finding,
// and a default or word credential the scanner counts as a secret (`airflow:airflow`,
// `mostest`, `foopass`) is left out rather than argued either way. A vendor token takes its
// vendor's type where the project has one (Slack webhooks `secret.slack_webhook`, Grafana,
// Shopify and Docker Hub tokens theirs), else `secret.generic_api_key`.
// The split is the corpus rule: the first byte of the SHA-256 of the text, even to
// external12-dev.jsonl (tuned on), odd to heldout/external12-heldout.jsonl (scored once).
import { writeRound } from './round-split.mjs';

const SN =
  'SonarSource/sonar-text sonar-text-plugin/src/main/resources/org/sonar/plugins/secrets/configuration';
const CK = 'bridgecrewio/checkov tests/secrets';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });
const sn = (file, labels, text) => add(`${SN}/${file}`, labels, text);
const ck = (file, labels, text) => add(`${CK}/${file}`, labels, text);

const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const GH = 'secret.github_token';
const GL = 'secret.gitlab_token';
const CONN = 'secret.connection_string';
const STRIPE = 'secret.stripe_key';
const SLACK = 'secret.slack_token';
const TG = 'secret.telegram_bot_token';
const SG = 'secret.sendgrid_key';
const SLACK_HOOK = 'secret.slack_webhook';
const GRAFANA = 'secret.grafana_token';
const SHOPIFY = 'secret.shopify_token';
const DOCKER = 'secret.docker_token';
const NPM = 'secret.npm_token';
const MAILGUN = 'secret.mailgun_key';
const PK = 'secret.private_key';
const PYPI = 'secret.pypi_token';
const VAULT = 'secret.vault_token';

// sonar-text: PostgreSQL URLs (passwords in the URL: connection strings), and the templates,
// format strings, variable references and famous dummies its rule must leave.
const PG = 'postgresql.yaml';
sn(
  PG,
  [CONN],
  '# Noncompliant code example\nuri = "postgres://foouser:myV5w41fxsbz88Xo@example.com/testdb"\n',
);
sn(
  PG,
  [],
  '# Compliant solution\nimport os\n\nuser     = os.environ["PG_USER"]\npassword = os.environ["PG_PASSWORD"]\nuri      = f"postgres://{user}:{password}@example.com/testdb"\n',
);
sn(
  PG,
  [CONN],
  'SqlSettingsDefaultDataSource = "postgres://mmuser:zBB5Z2LHt54EmREh@localhost/mattermost_test?sslmode=disable&connect_timeout=10&binary_parameters=yes"\n',
);
sn(
  PG,
  [CONN],
  'passwordFile := fs.String("password", "../../../tools/secrets/password.txt", "password file")\ndatabasePrefix := fs.String("database-prefix", "postgres://postgres:szcU1ar2ZEUCU4gga9ovxyV6@localhost:5432/ocr2vrf-test", "database prefix")\ndatabaseSuffixes := fs.String("database-suffixes", "sslmode=disable", "database parameters to be added")\n',
);
sn(
  PG,
  [CONN],
  'let urlstr = "postgres://postgres:xFOu3e3POP8zjlRMgZ3TB2hS@nas.mynetwork.lan:55432/conn_test".to_owned();\n',
);
sn(PG, [], '  Regex regex("(postgis://.*:)(.*)(@.*)");\n');
sn(
  PG,
  [],
  'def test_it_returns_the_default_database_url\n  assert_equal "postgres://test:test@#{@host}:#{@port}/test", @container.database_url\nend\n',
);
sn(
  PG,
  [],
  'backend "pg" {\n  conn_str = "postgres://$DB_USER$:$DB_PASS$@database.example/terraform_backend"\n}\n',
);
sn(
  PG,
  [],
  'DATABASE_URL="postgresql://postgres:[YOUR-PASSWORD]@db.uzapyutenknggogexmmw.supabase.co:5432/postgres"\n',
);
sn(PG, [], '"postgres://<user>:<password>@<host>/<database>"\n');
sn(PG, [], 'url := fmt.Sprintf("postgres://%v:%v@%v:%v/%v", user, pass, host, port, name)\n');
sn(
  PG,
  [],
  'export const dbConnection = `postgres://${process.env.DB_USER}:${process.env.DB_PASSWORD}@${process.env.DB_HOST}/${process.env.DB_NAME}`\n',
);
sn(
  PG,
  [],
  'spec:\n  containers:\n    - env:\n      - name: POSTGRES_CONNECTION_URI\n        value: "postgresql://$(POSTGRES_USER):$(POSTGRES_PASSWORD)@$(POSTGRES_SERVER):$(POSTGRES_PORT)/$(POSTGRES_DATABASE)"\n',
);
sn(
  PG,
  [],
  'engine = create_engine(\n    f"postgresql://neylsoncrepalde:{os.environ[\'PGPASS\']}@database-igti.cfowiwu0gidv.us-east-2.rds.amazonaws.com:5432/postgres"\n)\n',
);
sn(PG, [], '"postgresql+psycopg2://scott123:*****@host.name.com/dbname"\n');
sn(
  PG,
  [],
  'dbconn="postgresql+psycopg2://"+str(conn_login)+":"+str(conn_password)+"@"+str(conn_host)+":"+str(conn_port)+"/"+str(conn_schema)\n',
);
sn(PG, [], 'DATABASE_URL=postgres://postgres:hunter2@db:5432/freshlytics\n');
sn(
  PG,
  [],
  'engine = create_engine(\n  "postgresql+pg8000://scott:tiger@localhost/test",\n  isolation_level="READ UNCOMMITTED"\n)\n',
);
sn(
  PG,
  [],
  "migrate -database 'postgres://postgres:letmein@localhost:5432/$(DATABASE)?sslmode=disable' -path $(MIGRATIONS_DIR) up\n",
);
sn(
  PG,
  [CONN],
  'environment:\n  PUBLIC_URL: http://localhost:${PROXY_PORT:-1337}\n  POSTGRES_MIGRATIONS: 1\n  POSTGRES_MIGRATIONS_SOURCE: postgres://postgres:${POSTGRES_PASSWORD:-jXYI0No8q2aU3n3Y}@postgres:5432/postgres?sslmode=disable\n',
);
sn(
  PG,
  [CONN],
  'OPENPROJECT_RAILS__RELATIVE__URL__ROOT: "${OPENPROJECT_RAILS__RELATIVE__URL__ROOT:-}"\nDATABASE_URL: postgresql://${DB_USERNAME:-postgres}:${DB_PASSWORD:-Y6BV6IgbI51aEBH0}@${DB_HOST:-db}:${DB_PORT:-5432}/${DB_DATABASE:-openproject}\nOPENPROJECT_EDITION: ${OPENPROJECT_EDITION:-standard}\n',
);

// sonar-text: MongoDB URLs and command lines.
const MG = 'mongodb.yaml';
sn(
  MG,
  [],
  'backend "pg" {\n  conn_str = "mongo://user:pass@database.example/terraform_backend"\n}\n',
);
sn(
  MG,
  [CONN],
  'passwordFile := fs.String("password", "../../../tools/secrets/password.txt", "password file")\ndatabasePrefix := fs.String("database-prefix", "mongodb://mongo:mongo_password_padded_for_security@localhost:27017/ocr2vrf-test", "database prefix")\ndatabaseSuffixes := fs.String("database-suffixes", "sslmode=disable", "database parameters to be added")\n',
);
sn(
  MG,
  [],
  'CONNECTION_STRING=mongodb://user:#{azure-replacement-token}#@mongo.local:27017/database"\n',
);
sn(MG, [], 'mongo --host localhost --username root --password password\n');
sn(MG, [], 'mongodump --host localhost --user $USER --password $PASSWORD\n');
sn(MG, [], 'mongosh "mongodb://localhost:27017" --username <username> --password <password>\n');
sn(MG, [], 'mongo --host localhost --username root --password P@ssw0rd\n');

// sonar-text: Slack webhook URLs (the project's webhook type), with `xxxx` and template placeholders.
const SL = 'slack.yaml';
const slackPhp = (url, rest) =>
  `// Use the url you got earlier\n$slack = new Slack('${url}');\n\n// Create a new message\n$message = new SlackMessage($slack);\n${rest}`;
sn(
  SL,
  [SLACK_HOOK],
  slackPhp(
    'https://hooks.slack.com/services/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',
    '$message->setText("Hello world!");\n\n// Send it!\nif ($message->send()) {\n    echo "Hurray 😄";\n} else {\n    echo "Failed 😢";\n}\n',
  ),
);
sn(
  SL,
  [SLACK_HOOK],
  slackPhp(
    'https://hooks.slack.com/workflows/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',
    '$message->setText("Hello world!");\n\n// Send it!\nif ($message->send()) {\n    echo "Hurray 😄";\n} else {\n    echo "Failed 😢";\n}\n',
  ),
);
sn(
  SL,
  [],
  slackPhp(
    '{slack_webhook_url}',
    '$message->setText("Hello world!")->setChannel("#general");\n\n// Send it!\n$message->send();\n',
  ),
);
sn(
  SL,
  [],
  slackPhp(
    'https://hooks.slack.com/services/Txxxxxxxx/xxxxxxxxx/xxxxxxxxxxxxxxxxxxxxxxxx',
    '$message->setText("Hello world!")->setChannel("#general");\n // Send it!\n $message->send();\n',
  ),
);

// sonar-text: Stripe webhook secrets and live keys, with its dummies.
const ST = 'stripe.yaml';
sn(
  ST,
  [STRIPE],
  '# Noncompliant code example\nprops.set("stripe_endpoint_secret", "whsec_3cAgzYnf0seUtVzSAP08cH9nDICqwI1T")\n',
);
sn(
  ST,
  [],
  '# Compliant solution\nprops.set("stripe_endpoint_secret", System.getenv("STRIPE_ENDPOINT_SECRET"))\n',
);
sn(
  ST,
  [STRIPE],
  "endpoint_secret = 'whsec_AV1cfC0WFpnYPzHI1YUnlDS059g8I3Az';\npost '/webhook' do\n  payload = request.body.read\n  event = nil\n",
);
sn(
  ST,
  [],
  "endpoint_secret = 'whsec_...';\npost '/webhook' do\n  payload = request.body.read\n  event = nil\n",
);
sn(
  ST,
  [],
  "endpoint_secret = 'whsec_0000000000000000000000000000000000000000000000000000000000000000';\npost '/webhook' do\n  payload = request.body.read\n  event = nil\n",
);
sn(
  ST,
  [STRIPE],
  '# Noncompliant code example\nprops.set("stripe_key", "sk_live_kiSSAXe2IyGNvprHode7efRT")\n',
);
sn(ST, [STRIPE], "import stripe\nstripe.api_key = 'rk_live_0O6qcOGVoktKS9sLpZ8vzeIB'\n");
sn(ST, [], "import stripe\nstripe.api_key = 'sk_test_XXXXXXXXXXXXXXXXXXXXXXXX'\n");
sn(
  ST,
  [],
  'public class StripeExample {\n    public static void main(String[] args) {\n        Stripe.apiKey = "sk_live_12345678901234567890asdf";\n        try {\n            // Create a customer\n            Customer customer = Customer.create(...);\n',
);
sn(
  ST,
  [STRIPE],
  "const stripe = require('stripe')('sk_live_A9WHeGGxsnMqekGm8mlqI1ZV');\n(async () => { try {\n    // Create a customer\n    const customer = await stripe.customers.create({});\n",
);

// sonar-text: Telegram, GitHub, GitLab, SendGrid.
sn(
  'telegram.yaml',
  [TG],
  'public void run(ApplicationArguments args) {\n  TelegramBot bot = new TelegramBot("7299363101:AAWJlilLyeMaKgTTrrfsyrtxDqqI-cdI-TF");\n',
);
sn(
  'telegram.yaml',
  [],
  "telegram:\n  # Alert via telegram? Note: also supersedes chain-specific settings\n  enabled: no\n  # API key ... talk to @BotFather\n  api_key: '5555555555:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'\n",
);
sn('github.yaml', [GH], 'gh_token=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\n');
sn(
  'github.yaml',
  [GH],
  '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\n',
);
sn(
  'github.yaml',
  [GH],
  'TOKEN=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\n',
);
sn(
  'gitlab.yaml',
  [GL],
  '// noncompliant example\nprops.set("token", "glpat-zcs1FfaxGnHfvzd7ExHz")\n',
);
sn('gitlab.yaml', [], '// compliant example\nprops.set("token", System.getenv("TOKEN"))\n');
sn('gitlab.yaml', [GL], 'gl_token=glpat-zcs1FfaxGnHfvzd7ExHz\n');
sn('gitlab.yaml', [], 'gl_token=glpat-aaaaaaaaaaaaaaaaaaaa\n');
sn(
  'sendgrid.yaml',
  [SG],
  'esp_http_client_set_header(client, "Content-Type", "application/json");\nesp_http_client_set_header(client, "Authorization", "Bearer SG.Wjo5QoWqTmrFtMUf8m2T.CIY0Z24e5sJawIymiK_ZKC_7I15yDP0ur1yt0qtkR9Go");\nchar *payload_body = create_email_body();\n',
);
sn(
  'sendgrid.yaml',
  [],
  '# These can be skipped, if Sendgrid is disabled\nsendgridApiToken = SG.aaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\nsendgridEmailFrom = from@email.com\n',
);

// checkov: its sanity files (true positives and true negatives, one JSON member a sample;
// the Azure AD client secret among its "negatives" is a real-looking credential), its
// entropy test file and its infrastructure false-positive file.
const TP = 'sanity/secrets/true_positive.json';
ck(TP, [PW], '"SA_PASSWORD": "DEV-we-954",');
ck(TP, [PW], '"my_new_password": "F322a45xxmwov9bpgRhyuByXj2nxz7khS6yXQmfSaQCmwbTF2jpfgC56az3a",');
ck(
  TP,
  [PW],
  '"test_pass": "z2b7k2cQfzc+yjP2K8cjuQ8uoorHBpEvC+XWhU3Z5+IdrPQYwr991Lj73xfZ+RA2GzC0wTedDTvb1C2NX+3Gpw==",',
);
ck(TP, [PW], '"pg_pass": "sup1rstr0ngpass2ForTT",');
ck(TP, [], '"secret_key": "THISISASECRETKEY1234=="');
const TN = 'sanity/non_secrets/true_negative.json';
ck(TN, [GEN], '"the_value": "QtT8Q~9C-_Ij~RYuHVpD2Tuf3oHWGh.DQ3kcjbAn",');
// A 64-byte base64 value (the shape of an Azure storage key) among its negatives.
ck(
  TN,
  [GEN],
  '"test_second": "gYf8TjMMrog5PsiyHTyKIn57gpByF8R3AcyXVLz7lli8bSGXIcWTypFsyKHQ6VKbzvHPTB6djpHpzGKHg81UoQ==",',
);
ck(TN, [], '"access_key": "AKIAIOSFODNN7EXAMPLE",');
ck(TN, [], '"admin_login": "Pa$$w0rd"');
ck(TN, [], '"password_with_length": "Passord (minst 6 tegn)",');
ck(TN, [], '"one_time_password": "Engangskode:",');
ck(
  TN,
  [],
  '"wrong_username_password": "Mobilnummer eller passord er feil. Vennligst prøv igjen.",',
);
ck(TN, [], '"password": "Passord",');
ck(
  'test_entropy_source_files/db-conn.js',
  [PW],
  'var pg_port=1212;\nvar pg_host="my-website.com:9082/BLUDB";\nvar pg_user="root";\nvar pg_pass="sup3rstr0ngpass1ForPG";\n',
);
ck(
  'test_entropy_source_files/db-conn.js',
  [CONN],
  'var mongo_uri = "mongodb+srv://testuser:hub24aoeu@checkov-is-awesome-gg273.mongodb.net/test?retryWrites=true&w=majority";\n',
);
ck(
  'sanity/iac_fp/main.tf',
  [],
  'secret_name       = "example_secret_name"\n\ncreation_token                  = "my-product"\n\nclient_secret_setting_name  = "MICROSOFT_PROVIDER_AUTHENTICATION_SECRET"\n',
);
ck(
  'resources/cfn/secret.yml',
  [],
  '      Environment:\n        Variables:\n          access_key: "AKIAIOSFODNN7EXAMPLE"\n          secret_key: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"\n',
);
ck(
  'resources/terraform/main.tf',
  [],
  'resource "local_file" "npmrc" {\n  content  = "no"\n  filename = ".npmrc"\n}',
);
// sonar-text: MySQL URLs, environment lines and command lines (`P@ssw0rd`, `password`,
// `foopass` are the rule's dummies: negatives here).
const MY = 'mysql.yaml';
sn(
  MY,
  [],
  'backend "mysql" {\n  conn_str = "mysql://user:pass@database.example/terraform_backend"\n}\n',
);
sn(
  MY,
  [CONN],
  'passwordFile := fs.String("password", "../../../tools/secrets/password.txt", "password file")\ndatabasePrefix := fs.String("database-prefix", "mysql://mysql:mysql_password_padded_for_security@localhost:3306/ocr2vrf-test", "database prefix")\ndatabaseSuffixes := fs.String("database-suffixes", "connect_timeout=10", "database parameters to be added")\n',
);
sn(MY, [], 'MYSQL_USER=mysql\nMYSQL_PASSWORD=password\nMYSQL_DB=mysql\n');
sn(
  MY,
  [],
  'environment:\n- MYSQL_USER=<enter username>\n- MYSQL_PASSWORD=<enter password>\n- MYSQL_DB=mysql\n',
);
sn(MY, [], 'MYSQL_USER=$DB_USER\nMYSQL_PASSWORD=$DB_PASS\nMYSQL_PORT=5436\n');
sn(MY, [], "MYSQL_PASSWORD=$(cat /dev/urandom | tr -dc 'a-zA-Z0-9' | fold -w 10 | head -n 1)\n");
sn(
  MY,
  [],
  'ENV MYSQL_USER=${MYSQL_USER}\nENV MYSQL_PASSWORD=${MYSQL_PASSWORD}\nENV MYSQL_DATABASE=${MYSQL_DATABASE}\n',
);
sn(
  MY,
  [PW],
  'if [ "${MYSQL_PASSWORD-}" == "" ]; then\n  MYSQL_PASSWORD=dev_DVwgY7H5p3QgiZQr3tCo5X\nfi\n',
);
sn(
  MY,
  [PW],
  'if [ "${MYSQL_PASSWORD-}" == "" ]; then\n  MYSQL_PASSWORD="dev_DVwgY7H5p3QgiZQr3tCo5X"\nfi\n',
);
sn(MY, [], 'MYSQL_HOST="localhost"\nMYSQL_PASSWORD="P@ssw0rd"\nMYSQL_USER="mysql"\n');
sn(MY, [], 'mysqladmin -hlocalhost -uroot -ppassword\n');
sn(MY, [], 'mysqladmin -h localhost -u root -p"${PASSWORD}"\n');
sn(MY, [], 'mysql --host=localhost --user=root "--password=P@ssw0rd"\n');

// sonar-text: npm tokens (a token glued into a longer word is not a token), Mailgun.
const NP = 'npm.yaml';
sn(
  NP,
  [NPM],
  'steps:\n  - run: |\n      npm install\n  - env:\n      NPM_TOKEN: npm_tCEMceczuiTXKQaBjGIaAezYQ63PqI972ANG\n',
);
sn(
  NP,
  [],
  'steps:\n  - run: |\n      npm install\n  - env:\n      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n',
);
sn(NP, [NPM], '//registry.npmjs.org/:_authToken=npm_zLJhqeZs81Bhpxan9A0qH8d2wh15DoifLdLd\n');
sn(NP, [], '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n');
sn(NP, [], '//registry.npmjs.org/:_authToken=npm_000000000000000000000000000000000000\n');
sn(NP, [], '//registry.npmjs.org/:_authToken=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\n');
sn(
  'mailgun.yaml',
  [MAILGUN],
  'name="Mailgun"\nauthorization-key="key-9143771821d4442f2cb934f8d2fe4e05"\n',
);
sn('mailgun.yaml', [], 'mailgunAPIKey    = "key-00000000000000000000000000000000"\n');

// checkov: more of its resources (a long password in Kubernetes YAML, a random cookie secret
// and a dummy password in a compose file translated to JSON, AWS's documented example pair).
ck(
  'multiline/test-multiline-secrets2.yml',
  [PW],
  'spec:\n#\n  - name: TEST_PASSWORD_4\n    value: emDJTiv6H/hP6I8Tmr5+kUdpBIQDrXMwFO7AkmbwROf3rM6uNToJlIJW7H5ApfPmSGU0oWBwflV6Cd9pPu5nEvgxt4YMHZ0SQ85z\n#',
);
ck(
  'json_multiline/pomerium_compose.json',
  [GEN],
  '"COOKIE_SECRET": "UYgnt8bxxK5G2sFaNzyqi5Z+OgF8m2akNc0xdQx718w=",',
);
ck(
  'json_multiline/pomerium_compose.json',
  [],
  '"DATABROKER_STORAGE_CONNECTION_STRING": "postgres://pomerium:password@postgres:5432/test",\n"DATABROKER_STORAGE_TYPE": "postgres",',
);
ck(
  'resources/file_type/test.ts',
  [],
  'const access_key =  "AKIAIOSFODNN7EXAMPLE"\nconst secret_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"\nfunction compact(arr: string[]) {\n  if (arr.length > 10)\n    return arr.slice(0, 10)\n  return arr\n}',
);

// deepsecrets: its regex checks (Slack bot tokens, private key blocks, credentials in URLs)
// and its fixtures in several syntaxes (Python, INI, TOML, conf, XML, YAML, shell, JSON);
// `TESTSECRET1234`, `password01`, `chAng3m3`, `CHANGE ME PLZ!!!`, `guest:guest` and the
// repeated `vhpn6mbs` runs are dummies.
const DS = (f) => `avito-tech/deepsecrets tests/fixtures/${f}`;
const ds = (f, labels, text) => add(DS(f), labels, text);
const RX = 'regex_checks.txt';
ds(RX, [SLACK], '# S0\nxoxb-278549377329-i1Wbhr6Gd7nMMMvKgElv5Neg');
ds(RX, [SLACK], 'xoxb-675660624544-675670263056-vCSNM7pKAGgcBKOwvW2Kmi2K');
// Its private key blocks (S1-S5) are left out: their key body is in round 10's set.
ds(RX, [], '# S19\nhttps://login:password@example.com\nftp://login:password@example.com');
ds(
  RX,
  [],
  'amqp://login:$password@example.com\namqp://login:${password}@example.com\namqp://login:%password%@example.com',
);
ds(
  '1.py',
  [PW],
  "    def db_connect(self):\n        if self.dbconn and self.dbcur:\n            # self.logger.warning(\"Database already connected\")\n            return self.dbcur\n        self.dbconn = psycopg2.connect(\n            host='pg-int.miami.example.com',\n            dbname='cmdb',\n            user='cmdb_balancer',\n            password='$ecRetT0F1nD',\n        )\n",
);
ds(
  '1.conf',
  [PW],
  "imap = {\n    'host': 'example.test.com',\n    'username': 'loremipsum@test.com',\n    'password': 'passwordstrongbutleaked'\n}",
);
ds(
  '1.ini',
  [PW],
  '[auth]\nlogin = cchecker\npassword = fbyuihqwjlkfr\n\n[api]\njira = https://jr.example.com/rest\ncf = https://cf.example.com/rest\n',
);
ds(
  '1.xml',
  [],
  '  <comment-transformation>\n    <transformation-pattern password="TESTSECRET1234" />\n  </comment-transformation>',
);
ds(
  '2.xml',
  [],
  "  <parameters>\n    <param name=\"env.MUH\" value=\"TESTSECRET1234\" spec=\"password display='normal' description='The Muh value that does all the Muhing' readOnly='true' label='Muh value'\" />\n  </parameters>",
);
ds(
  '1.yaml',
  [],
  '---\n\nkubernetes::kube_kubeconfig_token: chAng3m3\nkubernetes::proxy_kubeconfig_token: chAng3m3\nkubernetes::kubelet_kubeconfig_token: chAng3m3\nkubernetes::calico_kubeconfig_token: chAng3m3\n',
);
ds(
  '1.toml',
  [],
  '[envs.prod.env_vars]\nUSE_JSON_FORMATTER = "true"\nSENTRY_ENABLED = "true"\nSENTRY_DSN = "http://hello:TESTSECRET1234@sentry.miami.example.com/251"\nAUTH_ENABLED = "true"',
);
ds(
  '1.toml',
  [],
  '[env_vars]\nNODE_ENV = "production"\nSESSION_TTL = "2592"\nSESSION_SECRET = "CHANGE ME PLZ!!!"\nSESSION_COLLECTION = "sessions"',
);
ds(
  '1.toml',
  [PW],
  '  [envs.dev.env_vars]\n  NODE_ENV = "development"\n  BUILD_ENV = "dev"\n  JIRA_USERNAME = "test-stest"\n  JIRA_PASSWORD = "iufkdhsafhiuwehf8qw4oifjh9w4ioafja"',
);
ds('1.toml', [GEN], '  MATTERMOST_BOT_TOKEN = "fjaipu4iwhpfgj8eosiruhjfkea,sjflksea"');
ds(
  '2.toml',
  [GEN],
  '[env_vars]\nALLOW_ORIGINS = "*"\nS3_SECRET = "SFRcQOuJllDaDlnL7BhcwbjdYQDkjeM8PDDae0y6"\nS3_URL = "http://test.com"',
);
ds(
  '2.toml',
  [],
  'SERVICE_OAUTH = "vhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbs"\nSTT_KEY = "vhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbsvhpn6mbs"',
);
ds(
  '2.toml',
  [],
  'KEYLOGGER_KEYS_KEYRING_SUBKEY = "1"\n\n# should not be detected\nSECRET_KEY_PATH = "/fdsa/fdsa/fdsa"',
);
ds('1.sh', [], "#!/bin/bash\n\nLICENSE_KEY='TESTSECRET1234'\n");
ds(
  '2.sh',
  [],
  '#!/bin/bash\n\ncurl -u \'login01:password01\' -s "https://example.com/test"\n# should not be matched as a variable\ncurl -u \'login01:$password_var\' -s "https://example.com/test"\ncurl -u "qauser:$password" $URL > $FILENAME',
);
ds(
  '1.json',
  [],
  '{\n    "queue": {\n        "connection": "amqp://guest:guest@10.10.11.104:32769/"\n    }\n}',
);
// sonar-text: Discord webhooks (no type of their own: generic), PyPI tokens, AMQP and Redis
// URLs, Grafana, Shopify and Docker Hub tokens, with its dummies and references.
sn(
  'discord.yaml',
  [GEN],
  '# Noncompliant code example\nprops.set("discord_webhook_url", "https://discord.com/api/webhooks/1143503308481384529/SBkGFYyl6njbyg_DJwhP2x5s4XAzd8Ll5CZQ7HG4xfDRJhOTAIlb0UiPL4ykOZQNIHpd")\n',
);
sn(
  'discord.yaml',
  [],
  '# Compliant solution\nprops.set("discord_webhook_url", System.getenv("DISCORD_WEBHOOK_URL"))\n',
);
sn(
  'discord.yaml',
  [],
  '{\n  "links": [\n    "https://discord.com/api/webhooks/1/a",\n    "https://discord.com/api/webhooks/2/b"\n  ],\n  "content": "test"\n}\n',
);
sn(
  'pypi.yaml',
  [PYPI],
  '[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmcCJDY0NDMwNWVmLTI1MDQtNDFlNC1hOWU5LTA3ZmUwYmUyNWYxMQACKlszLCI3YmQ1M2E1Ni1mOGE1LTQ2NzItYWUzMi1lZmNiY2EwZWIzYjAiXQAABiB89zfYXXNnaQjMUWbG9TdChUF-3IZVOtL-rtljaKAvtQ\n',
);
sn(
  'pypi.yaml',
  [PYPI],
  'machine pypi.example.com\nlogin __token__\npassword pypi-AgEIcHlwaS5vcmcCJDgwN2M5MWY0LTdlMmQtNDI0ZS1iMjExLTAzZmQzNDExMmNjYwACKlszLCI3YmQ1M2E1Ni1mOGE1LTQ2NzItYWUzMi1lZmNiY2EwZWIzYjAiXQAABiCD5l6t2QSOpzZ5mCf2DfExcoYc7mFRbRUgHZtN4QcWig\n',
);
sn('pypi.yaml', [], 'machine example.com\nlogin __token__\npassword pypi-test\n');
const RB = 'rabbitmq.yaml';
sn(RB, [], 'const MQURL = "amqp://user:password@127.0.0.1:5672/"\n');
sn(RB, [], 'const MQURL = "amqp://foo:bar@127.0.0.1:5672/"\n');
sn(RB, [], 'const MQURL = "amqp://example:{{vaul_variable_name}}@127.0.0.1:5672/"\n');
sn(RB, [], 'const MQURL = "amqp://admin:#{ENV.fetch("ADMIN_PASSWORD")}@host:5672"\n');
sn(
  RB,
  [],
  'props.set("amqp-url", "amqps://"+System.getenv("AMQP_CREDENTIALS")+"@example.com:8080/example")\n',
);
sn(RB, [CONN], 'const MQURL = "amqp://examplename:asd_nled9f@127.0.0.1:5672/"\n');
sn(RB, [CONN], 'examples: ["amqp://bob:saleneinasldeins@127.0.0.1:5672/%2f?timeout=10"]\n');
sn(
  'redis.yaml',
  [CONN],
  'props.set("redis-url", "rediss://admin:awfasefsd@example.com:8080/example")\n',
);
sn('redis.yaml', [], 'const REDISURL = "redis://example:**@127.0.0.1:5672/"\n');
sn('redis.yaml', [], 'const REDISURL = "redis://admin:%s@host:5672"\n');
sn('redis.yaml', [], 'const REDISURL = "redis://admin:$env{admin_pwd}@host"\n');
const GF = 'grafana.yaml';
sn(
  GF,
  [GRAFANA],
  "curl 'https://grafana.example.org/api/dashboards/home' -X 'Authorization: Bearer eyJrIjoiWWpNc1ZPS5RjdjdHTWlyVmtTcjI0Vk9xN1RkOGI1V3YiLCJuIjoieZl5b19vb30vb23iLCJpZCI6MX0='\n",
);
sn(
  GF,
  [],
  "curl 'https://not-a-dashboard.example.com' -d 'eyJrIjoiQExvYWRUZXh0IiwgInYiOiJMb2FkaW5nLi4uIn0='\n",
);
sn(
  GF,
  [GRAFANA],
  "import requests\n\ntoken = 'glsa_geygSnIfuK5vBG0KgaflRCQfIb8mzaM7_b0999d91'  # Noncompliant\nresponse = requests.get('https://example.grafana.net/api/dashboards/home', headers={\n    'Authorization': f'Bearer {token}',\n    'Content-Type': 'application/json'\n})\n",
);
sn(
  GF,
  [GRAFANA],
  "curl 'https://example.grafana.net/api/dashboards/home' -X 'Authorization: Bearer glsa_4ElrwSYvDrgV8GQmlyTYfsc245dMyPCE_f804430f'\n",
);
sn(
  GF,
  [GRAFANA],
  "import requests\n\ntoken = 'glc_eyJvIjoiOTQzNzcyIiwibiI6ImJsYS10ZXN0MSIsImsiOiJyTjIyZ0gyZThDSTU0RVM1QTVWNnA2UXAiLCJtIjp7InIiOiJwcm9kLXVzLWVhc3QtMCJ9fQ=='  # Noncompliant\nresponse = requests.get('https://example.grafana.net/api/dashboards/home', headers={\n    'Authorization': f'Bearer {token}',\n    'Content-Type': 'application/json'\n})\n",
);
sn(
  GF,
  [],
  "import requests\n\ntoken = os.getenv('GRAFANA_SERVICE_ACCOUNT_TOKEN')\nresponse = requests.get('https://example.grafana.net/api/dashboards/home', headers={\n    'Authorization': f'Bearer {token}',\n    'Content-Type': 'application/json'\n})\n",
);
sn(
  'shopify.yaml',
  [SHOPIFY],
  "CLIENT_SECRET = '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'\ndef verify_webhook(data, hmac_header):\n    digest = hmac.new(CLIENT_SECRET.encode('utf-8'), data, digestmod=hashlib.sha256).digest()\n    computed_hmac = base64.b64encode(digest)\n\n    return hmac.compare_digest(computed_hmac, hmac_header.encode('utf-8'))\n",
);
sn('shopify.yaml', [], "CLIENT_SECRET = 'shpss_22222222220123456789012345678901'\n");
sn(
  'shopify.yaml',
  [SHOPIFY],
  '            - name: Deploy\n              env:\n                # Token from the Partner Dashboard\n                SHOPIFY_CLI_PARTNERS_TOKEN: "atkn_8a780997d6981faba87fa0fab71b9dddceff964699ed59958842e571c7036aff"\n',
);
sn(
  'docker-hub.yaml',
  [],
  'steps:\n  - name: Login to DockerHub\n    uses: docker/login-action@v2\n    with:\n      username: ${{ secrets.dockerUsername }}\n      password: ${{ secrets.dockerAccessToken }}\n',
);
sn(
  'docker-hub.yaml',
  [DOCKER],
  'steps:\n- name: Login to DockerHub\n  uses: docker/login-action@v2\n  with:\n    username: mobythewhale\n    password: dckr_pat_cq7wQZcv9xZkVlxMhDTcTV00CDo  # Noncompliant\n',
);

// checkov: Kubernetes pod environment in Terraform (long base64 passwords under
// TEST_PASSWORD names; `RandomP@ssw0rd` is a dummy), the same in CloudFormation-style YAML,
// a build log with a private key, and its own test dummies.
const POD = 'terraform_multiline/pod.tf';
ck(
  POD,
  [PW],
  '      env {\n        value  = "Zo5Zhexnf9TUggdn+zBKGEkmUUvuKzVN+/fKPaMBA4zVyef4irH5H5YfwoC4IqAX0DNoMD12yIF67nIdIMg13atW4WM33eNMfXlE"\n        name = "TEST_PASSWORD_1"\n      }',
);
ck(
  POD,
  [PW],
  '        name1 = "TEST_PASSWORD_2"\n        value1 = "1Vab3xejyUlh89P6tUJNXgO4t07DzmomF4tPBwTbwt+sjXHg3G0MPMRpH/I2ho4gS5H3AKJkvJZj87V7/Qnp/rHdbMVYK1F0BX35"',
);
ck(
  POD,
  [],
  '      env {\n        name  = "SOME_NAME"\n        value = "some_value"\n      }\n      env {\n        name  = "TEST_PASSWORD_no_password"\n        value = "RandomP@ssw0rd"\n      }',
);
const CFY = 'resources/cfn/test-multiline-secrets.yml';
ck(
  CFY,
  [PW],
  '  - name: TEST_PASSWORD_3\n    value: PtpfIZR+zZGPUWUYvLojqylVeEg63CBYN0FpGJ4yuH+9YxZZe8Uq7drEoTSfL64kElPEnVJk+H7SZr+wBoxN5qDWsbDmmUS2H76h',
);
ck(
  CFY,
  [PW],
  '  - name: TEST_PASSWORD_LONG_1\n    value: m9+1ONt6FdpnByhlaKDwZ/jjA5gaPzrKY9q5G8cr6kjn092ogigwEOGGryjDqq/NkX1DnKGGG7iduJUJ48+Rv0tgpdVAxwLQuiszRnssmi2ck\n        /Zf1iDFlNQtiE8rvXE6OTCsb6mrpyItLOVnEwsRSpggyRa3KLSuiguiZsK5KyXQ6BsiAclpLvz6QFBQoQkZNxownQrqgLwVwkK1gW0/EEm0m1ylz\n      20ZeLgYO6tRSvKDW0lrgAI7g60F7/eJGv1UqQlxK58T+7u1UX/K11Q69e9jJE+LkQ932eY37U70oVbBVchHwSFKUoffernEaG9XP1tyEpIptPqVpcS\n      2BMpktoR1p1yyWuxC5GsPc2RlPQzEbs3n5lPPnC/uEVu7/cJENSw5+9DzigiHYPz1Cq/p5HedIl5ysn2U2VFgHWekGBYin6ytfmF2Sx+hYqeRd6Rcxy\n      U434CXspWQqc330sp9q7vwPQHNecBrvG2Iy7mqVSvaJDnkZ8AN',
);
ck(
  'build_log_prefix/build_log_with_mixed_secrets.log',
  [PK],
  '2026-01-07 09:41:37.551 | INFO  | config      | Loading AWS credentials\n2026-01-07 09:41:37.552 | DEBUG | aws         | AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n2026-01-07 09:41:37.553 | INFO  | crypto      | Decrypting signing key\n2026-01-07 09:41:37.554 | DEBUG | crypto      | -----BEGIN RSA PRIVATE KEY-----\n2026-01-07 09:41:37.555 | DEBUG | crypto      | MIIEpAIBAAKCAQEAx9TgJ2Zy7KX8rJ3k8PpZrK7aR0L8XyFJq3uR2V1dE9\n2026-01-07 09:41:37.556 | DEBUG | crypto      | m5Q8c7WQ8RZz8XyTQe3Z2J4r7BvX9kJ5E6L0Xy8aKpY9tF5J3YwIDAQAB\n2026-01-07 09:41:37.557 | DEBUG | crypto      | -----END RSA PRIVATE KEY-----\n',
);
ck(
  'git_history/testing_repo/pass.py',
  [],
  "\ndef get_pass():\n    AWS_ACCESS_KEY ='wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'\n    return AWS_ACCESS_KEY\n\nprint(get_pass())\n",
);
ck(
  'git_history/testing_repo/main.py',
  [],
  "\nif __name__ == '__main__':\n    print('showing pass')\n    password = 'pass124'\n\n\n    print('the password is: ', password)\n",
);
ck(
  'multiline_finding/Dockerfile.two_secrets',
  [],
  'BEGIN_SECRET\nline1_of_secret_aaaaaaaaaaaaaaaaaa\nline2_of_secret_aaaaaaaaaaaaaaaaaa\nEND_SECRET\n\nsome other content\n',
);
ck(
  'omit_multiple_secrets/test/multiple_secrets_one_line.txt',
  [],
  "export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\\nexport CIRCLE='rk_live_TESTtestTESTtestTESTtest'\n",
);
ck(
  'terraform_multiline/data.tf',
  [],
  'data "google_secret_manager_secret_version" "secret" {\n  secret = "somesecretid"\n}\n',
);

// deepsecrets: more fixtures (an LDAP bind password in a FreeRADIUS config, a PHP default,
// a bearer token in JSON; a SHA-1 digest, its `TESTSECRET1234` dummy and an `asdfasdf` run).
ds(
  'extless/radius',
  [PW],
  "\t#  Administrator account for searching and possibly modifying.\n\t#  If using SASL + KRB5 these should be commented out.\n\tidentity = 'uid=test,ou=services,dc=example,dc=com'\n\tpassword = Cc2)9dG2Cp3qE$uRRJmX\n",
);
ds(
  '1.php',
  [PW],
  "'smtp' => [\n    'transport' => 'smtp',\n    'host' => env('MAIL_HOST', 'smtp.mailtrap.io'),\n    'port' => env('MAIL_PORT', 2525),\n    'encryption' => env('MAIL_ENCRYPTION', 'tls'),\n    'username' => env('MAIL_USERNAME', 'mailer'),\n    'password' => env('MAIL_PASSWORD', 'fjanflkdsanfkjdsanf'),\n    'timeout' => null,\n]",
);
ds(
  '2.json',
  [GEN],
  '  "access_Token": "eyJ0eXfdasfdsa5OGRhNmUzYjI0NzkwYTE2ZDg0YmVjYzQwYzhlIn0.eyJpYXQiOjE2Nzk0MDgwNDYsIm5iZiI6MTY3OTQwODA0NiwiZXhwIjoxNjc5NDE0MDQ2LCJzZXR0aW5ncyI6eyJzdWJkaXZpc2lvbl9pZCI6MTAxODE2LCJjcmVkaXRfbGluZV9jaGFubmVsIjoiUFJFU0NPUkUiLCJ0cmFuY2hlX2NoYW5uZWwiOiJFQ09NTSIsInBlcmlvZCI6MzY0LCJjcmVkaXRfbGluZV9wcm9kdWN0X2lkIjoxMDEzNTQsInRyYW5jaGVfcHJvZHVjdF9pZCI6MTAxMzUzLCJwYXltZW50X3R5cGVfaWQiOjEwMjM5NiwiZGRzX3BheW1lbnRfdHlwZV9pZCI6MTAxMTcxLCJjb25zdW1wdGlvbl9pZCI6MTAxNjczLCJjb21pbmdfaWQiOjEwMTY3NiwiYnNfY2hlY2tfZnJlcXVlbmN5IjoxMCwiYnNfYWN0aXZlIjoxLCJic19pc190ZXN0IjowLCJzc3ViX2NoZWNrX2ZyZXF1ZW5jeSI6MTAsInNzdWJfYWN0aXZlIjoxLCJzc3ViX2lzX3Rlc3QiOjEsImlkeF9jaGVja19mcmVxdWVuY3kiOjEwLCJpZHhfbWluX2NvbmZpZGVuY2UiOiIxIiwiaWR4X2FjdGl2ZSI6MCwiaWR4X2lzX3Rlc3QiOjEsInZlcmlmeV9pc190ZXN0IjoxLCJibGF6ZV9jaGVja19mcmVxdWVuY3kiOjEwLCJibGF6ZV9hY3RpdmUiOjEsImJsYXplX2lzX3Rlc3QiOjEsInNtc19pc190ZXN0IjoxLCJzbXNfY29kZV9sZW5ndGgiOjR9LCJ1aWQiOiJhdml0byIsImF1a2V5IjoiYTkxYjQwNjAxZDYwM2U2ZmFhNzhiOTc0ZmFlZDgxM2MiLCJqdGkiOiI4NmEyOThkYTZlM2IyNDc5MGExNmQ4NGJlY2M0MGM4ZSJ9.n1sBlFLMs0dGW_gNp2gXRjhjYrdgfBeVZZ58wdPUPkhMt1fdsafasdfasdfdsafasdmotpcnmkZCr5XxYB0dO6nPxxLwhbZuD5-Eb8nT_kjL6JeVpHG5kNynRkGGTZoV00s8nmE-2X7t24cg96fdsafsdafdgfddfsgdsfk9LnAoamaE_jp0EQ480WBo_ZeDfAdPuNQg7nUwFrEgoIq33YHHzYkksPORKuycYouNXb2eB-jx1Bg7mXuGOuyLX3fdsafdfudsahiufhainEkFKV3S_4FwX734LksQee1DbSXgr3ugWVaoigaUbBD3jGWXQjVQr_E5Svcjtc4gFTRDfpF08x4NofA",',
);
ds(
  'hashed_secrets.json',
  [],
  '    {\n        "name": "Some password",\n        "hash": "8c535f99d6d0fa55b64af0fae6e3b6829eda413b",\n        "length": 12,\n        "algorithm": "sha1"\n    },',
);
ds(
  '1.js',
  [],
  "const ATLASSIAN_USERNAME = process.env.ATLASSIAN_USERNAME || 'user';\nconst ATLASSIAN_PASSWORD = process.env.ATLASSIAN_PASSWORD || 'TESTSECRET1234';",
);
ds(
  '1.erb',
  [],
  'Catalog {\n  Name = "<%= scope[\'bareos::catalog\'] %>"\n  dbdriver = "postgresql"\n  dbname = "bareos"\n  dbuser = "service_bareos_production_01"\n  dbpassword = "asdfasdf"\n  dbaddress = db19 \n  dbport = 6432\n  Reconnect = yes\n}',
);
ds('1.yml', [], 'osd_deep_scrub_large_omap_object_key_threshold: 2000000');
ds(
  '4.py',
  [],
  "CFAuthData = {'username': 'fdfsdfdsf-cf', 'pass': 'TESTSECRET1234', 'host': 'https://cf.example.com'}\n\nCFAuthData['lol'] = 'valentin'\n",
);

// OWASP wrongsecrets: the secrets its challenges hide (a Spring properties file, a shell
// history, key files, Kubernetes secrets and a Vault init output) and its placeholders
// (`if_you_see_this_please_use_k8s`, `ACTUAL_ANSWER_CHALLENGE7`, a zero UUID token,
// ciphertexts, `welcome123`, references to other secrets).
const WS = (f) => `OWASP/wrongsecrets ${f}`;
const ws = (f, labels, text) => add(WS(f), labels, text);
const PROPS = 'src/main/resources/application.properties';
ws(
  PROPS,
  [PW],
  'spring.config.import=classpath:/wrong-secrets-configuration.yaml\n\npassword=ThisEnvironmentIsAnotherPlaceToHide\nSPECIAL_K8S_SECRET=if_you_see_this_please_use_k8s',
);
ws(
  PROPS,
  [GEN],
  'hints_enabled=true\nctf_enabled=false\nspoiling_enabled=true\nctf_key=TRwzkRJnHOTckssAeyJbysWgP!Qc2T',
);
ws(
  PROPS,
  [],
  'ARG_BASED_PASSWORD=if_you_see_this_please_use_docker_instead\nDOCKER_ENV_PASSWORD=if_you_see_this_please_use_docker_instead\nvaultpassword=if_you_see_this_please_use_K8S_and_Vault',
);
ws(
  PROPS,
  [],
  'spring.cloud.vault.authentication=TOKEN\nspring.cloud.vault.token=00000000-0000-0000-0000-000000000000',
);
ws(
  PROPS,
  [],
  'plainText13=This is not the secret\ncipherText13=hRZqOEB0V0kU6JhEXdm8UH32VDAbAbdRxg5RMpo/fA8caUCvJhs=\nkeepasxpassword=welcome123',
);
ws(
  PROPS,
  [],
  'ctf_enabled=true\nctf_key=randomtextforkey\nvaultpassword=ACTUAL_ANSWER_CHALLENGE7\nsecretmountpath=nothere',
);
ws(
  '.github/scripts/.bash_history',
  [PW],
  'git rebase -i master\ngit stash\nexport tempPassword="VBzUegoDQFOCQXJQ/HbEtklzEgOd1hNNQIdsVnW0Ovc="\nmvn run tempPassword\nk6',
);
ws('.github/scripts/secondkey.txt', [GEN], 'hsqLppY=9agDM6WZg=20tgO7\n');
ws('.github/scripts/thirdkey.txt', [GEN], 'tmAMY4u9zqhhpiz9cnUZRqiGcWqA7bEq5pJRdXS8BxY=\n');
ws(
  'k8s/db-credentials.yaml',
  [PW],
  'apiVersion: v1\ndata:\n  db-password: cGFzaHVwYXRpbmF0aHNoaXY=\n  db-username: UGFzaHVwYXRp\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: db-credentials\n',
);
ws(
  'k8s/secrets-secret.yml',
  [PW],
  'apiVersion: v1\ndata:\n  funnier: dGhpcyBpcyBhcGFzc3dvcmQ=\nkind: Secret\nmetadata:\n  creationTimestamp: "2020-10-29T20:49:16Z"',
);
ws(
  'k8s/cluster-keys.json',
  [GEN],
  '{\n  "unseal_keys_b64": [\n    "aP1e+cMJJG7ptWPMGqX3NfddBjc7dbTljqBdKB06NOE="\n  ],\n  "unseal_keys_hex": [\n    "68fd5ef9c309246ee9b563cc1aa5f735f75d06373b75b4e58ea05d281d3a34e1"\n  ],\n  "unseal_shares": 1,',
);
ws(
  'k8s/cluster-keys.json',
  [VAULT],
  '  "recovery_keys_shares": 5,\n  "recovery_keys_threshold": 3,\n  "root_token": "s.3S6WvwI8NBzMW6kSETaKNS4H"\n}\n',
);
ws('src/main/resources/executables/secrchallenge.json', [GEN], '{\n    "key":"3Ulyfmfgro6uh1cN",');
ws(
  'src/main/resources/executables/secrchallenge.json',
  [GEN],
  '    "secret":"7RwunHeLkY7c0TCTLRMOGCIeX0jWiYibAexA0unYGDI="\n}\n',
);
const WSC = 'src/main/java/org/owasp/wrongsecrets/challenges/docker/WrongSecretsConstants.java';
ws(
  WSC,
  [PW],
  '/** used for Challenges their secrets. */\n@UtilityClass\npublic class WrongSecretsConstants {\n\n  public static final String password = "DefaultLoginPasswordDoNotChange!";',
);
ws(
  WSC,
  [GEN],
  '  public static final String newKey = "mISydD0En55Fq8FXbUfX720K8Vc6/aQYtkFmkp7ntsM=";\n}\n',
);
ws(
  'k8s/challenge33.yml',
  [GEN],
  'apiVersion: v1\ndata:\n  answer: VkJVR2gzd3UvM0kxbmFIajFVZjk3WTBMcThCNS85MnExandwMy9hWVN3SFNKSThXcWRabllMajc4aEVTbGZQUEtmMVpLUGFwNHoyK3IrRzlOUndkRlUvWUJNVFkzY05ndU1tNUM2bDJwVEs5SmhQRm5VemVySXdNcm5odTlHanJxU0ZuL0J0T3ZMblFhL21TZ1hETkpZVU9VOGdDSEZzOUpFZVF2OWhwV3B5eGxCMk5xdTBNSHJQTk9EWTNab2hoa2pXWGF4YmpDWmk5U3BtSHlkVTA2WjdMcVd5RjM5RzZWOENGNkxCUGtkVW4zYUpBVisrRjBROUljU009Cg==\nkind: Secret',
);
// Its database dumps are password digests (MD5, bcrypt): negatives.
ws(
  'src/main/resources/executables/db-dump.txt',
  [],
  'user_1, 9ed98e5c3e9685aa3de82c99009a2ed3\nuser_2, 6988ec3aba1eaddf2435141bf10487ca\nuser_3, 056f2914fd9a607d48f5491a53b4deb5',
);
ws(
  'src/main/resources/executables/db-dump-2.txt',
  [],
  'user_1, $2b$10$AL/XPsWYU0cekug9KxIEBuSWbgaNCjaDWq/w/MBT0l3FEyz1RtaE2\nuser_2, $2b$10$AL/XPsWYU0cekug9KxIEBu/hlEgW48XTPh7IxKMoUD7MvR5yw5GzS',
);
ws(
  'k8s/secrets-config.yml',
  [],
  'apiVersion: v1\ndata:\n  funny.entry: "thisIsK8SConfigMap"\nkind: ConfigMap',
);
ws(
  'k8s/challenge74/wrongsecrets-llama-secret.yaml',
  [],
  'apiVersion: v1\nkind: Secret\nmetadata:\n  name: challenge74-secret\ntype: Opaque\nstringData:\n  CHALLENGE_74_SECRET: "challenge-74-secret"\n',
);
ws(
  'k8s/secret-challenge-deployment.yml',
  [],
  '          env:\n            - name: K8S_ENV\n              value: k8s-without-vault\n            - name: SPECIAL_K8S_SECRET\n              valueFrom:\n                configMapKeyRef:\n                  name: secrets-file\n                  key: funny.entry\n            - name: SPECIAL_SPECIAL_K8S_SECRET\n              valueFrom:\n                secretKeyRef:\n                  name: funnystuff\n                  key: funnier\n',
);
ws(
  'k8s/challenge51docker-compose.yml',
  [],
  'secrets:\n  DB_USER:\n    environment: "DB_USER"\n  DB_PASSWORD:\n    environment: "DB_PASSWORD"\n  DB_NAME:\n    environment: "DB_NAME"\n',
);
ws(
  'Dockerfile',
  [],
  'ARG argBasedPassword="default"\nARG argBasedVersion="0.0.0"\nARG spring_profile=""\nENV SPRING_PROFILES_ACTIVE=$spring_profile\nENV ARG_BASED_PASSWORD=$argBasedPassword\nENV APP_VERSION=$argBasedVersion',
);

const out = writeRound(12, samples);
const pos = samples.filter((s) => s.labels.length > 0);
const labels = pos.reduce((n, s) => n + s.labels.length, 0);
const count = (list) => {
  const p = list.filter((s) => s.labels.length > 0).length;
  return `${list.length} (${p} positive, ${list.length - p} negative)`;
};
console.log(
  `${samples.length} samples: dev ${count(out.dev)}, held out ${count(out.held)}; ` +
    `${pos.length} positive (${labels} labels), ${samples.length - pos.length} negative`,
);
const perRepo = {};
for (const s of samples) {
  const r = (perRepo[s.source.split(' ')[0]] ??= { positive: 0, negative: 0 });
  r[s.labels.length > 0 ? 'positive' : 'negative']++;
}
for (const [repo, c] of Object.entries(perRepo)) {
  console.log(`  ${repo}: ${c.positive} positive, ${c.negative} negative`);
}
