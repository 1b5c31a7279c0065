import { describe, expect, it } from 'vitest';
import { secretFindings } from './secret-findings.js';

// Issue 18 (src/detect/README.md, "Common credential places, probed before round 16"):
// passwords given on a program's command line, in SQL and in a password file, and secrets
// declared in syntaxes the assignment rule does not read. Values typed for this file.
const secrets = (text: string) => secretFindings(text);
const PW = 'Vq7Lm2Xk9RtW';

describe('passwords given to a program by its flag', () => {
  it.each([
    [`mysql -h db.internal -u root -p${PW} app < dump.sql`],
    [`mysqldump -uroot -p'${PW}' shop > shop.sql`],
    [`sshpass -p '${PW}' ssh deploy@10.1.2.3`],
    [`keytool -genkey -alias tomcat -keystore server.jks -storepass ${PW}`],
    [`docker login -u ci-bot -p ${PW} registry.example.com`],
    [`redis-cli -h cache.internal -a ${PW} ping`],
    [`sqlcmd -S sql01 -U sa -P ${PW} -Q "SELECT 1"`],
    [`ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -P ${PW} chassis status`],
    [`ldapsearch -x -D "cn=admin,dc=example,dc=org" -w ${PW} -b dc=example,dc=org`],
    [`az login --service-principal -u http://ci-sp -p ${PW} --tenant contoso.example`],
    [`xfreerdp /v:10.0.0.12 /u:Administrator /p:${PW}`],
    [`mongo --host db -u admin -p ${PW} --authenticationDatabase admin`],
    [`mosquitto_pub -h broker -u sensor -P ${PW} -t temp -m 21`],
    [`zip -P ${PW} backup.zip data.db`],
    [`7z a -p${PW} backup.7z data/`],
    [`docker login \\\n  -u ci-bot \\\n  -p ${PW} registry.example.com`],
  ])('%s', (text) => {
    expect(secrets(text)).toEqual([`secret.password ${PW}`]);
  });

  it('refuses a prompt, a variable, a stand-in and a flag of another meaning', () => {
    expect(secrets('mysql -u root -p shop')).toEqual([]);
    expect(secrets('mysql -u root -p$DB_PASS shop')).toEqual([]);
    expect(secrets('sshpass -p "$SSHPASS" ssh host')).toEqual([]);
    expect(secrets('docker login -u ci -p changeme registry')).toEqual([]);
    expect(secrets('docker login -u ci -p ${{ secrets.REGISTRY_TOKEN }} registry')).toEqual([]);
    // Another program's `-p` (a port) is no password.
    expect(secrets(`ssh -p 2222 deploy@host; echo ${PW}`)).toEqual([]);
    expect(secrets('redis-cli -p 6379 ping')).toEqual([]);
  });
});

describe('a user and password in one argument, and positional passwords', () => {
  it.each([
    [`smbclient //fs01/share -U backup%${PW}`],
    [`sqlplus system/${PW}@//db:1521/XE`],
    [`net use Z: \\\\fs01\\share ${PW} /user:CORP\\backup`],
    [`htpasswd -bc /etc/nginx/.htpasswd admin ${PW}`],
    [`htpasswd -nb admin ${PW}`],
    [`rabbitmqctl add_user monitor ${PW}`],
    [`echo "${PW}" | docker login --username ci --password-stdin`],
    [`echo '${PW}' | sudo -S apt-get update`],
    [`echo 'deploy:${PW}' | chpasswd`],
  ])('%s', (text) => {
    expect(secrets(text)).toEqual([`secret.password ${PW}`]);
  });

  it('refuses references and stand-ins', () => {
    expect(secrets('echo "$REGISTRY_PASSWORD" | docker login -u ci --password-stdin')).toEqual([]);
    expect(secrets('sqlplus scott/tiger@orcl')).toEqual([]);
    expect(secrets('htpasswd -bc .htpasswd admin password123')).toEqual([]);
    expect(secrets('smbclient //fs/share -U guest%')).toEqual([]);
  });
});

describe('SQL that sets a password, and a .pgpass line', () => {
  it.each([
    [`CREATE USER 'app'@'%' IDENTIFIED BY '${PW}';`],
    [`GRANT ALL ON shop.* TO 'shop'@'localhost' IDENTIFIED BY '${PW}';`],
    [`ALTER USER app IDENTIFIED WITH mysql_native_password BY '${PW}';`],
    [`CREATE USER reporting IDENTIFIED BY ${PW};`],
    [`SET PASSWORD FOR 'app'@'localhost' = PASSWORD('${PW}');`],
    [`db.internal:5432:billing:billing_app:${PW}`],
    [`*:*:*:replicator:${PW}`],
  ])('%s', (text) => {
    expect(secrets(text)).toEqual([`secret.password ${PW}`]);
  });

  it('refuses hashes, prose and lines of other files', () => {
    expect(secrets("CREATE USER app IDENTIFIED BY VALUES 'S:8F2D...';")).toEqual([]);
    expect(secrets('Memory issues identified by valgrind were fixed.')).toEqual([]);
    expect(secrets('the bug reported to us and identified by parameters')).toEqual([]);
    expect(secrets('root:x:0:0:root:/root:/bin/bash')).toEqual([]);
    expect(secrets('fe80:0:0:0:abcd')).toEqual([]);
    expect(secrets('db.internal:5432:billing:billing_app:changeme')).toEqual([]);
  });
});

describe('secrets declared in syntaxes with no separator or with a type', () => {
  const KEY = 'Gy7Lm2Xk9VqTa8Nb3Pc4Yd6H';
  it.each([
    [`#define API_SECRET "${KEY}"`, 'secret.generic_api_key'],
    [`static NSString *const k = nil;\n#define kAuthToken @"${KEY}"`, 'secret.generic_api_key'],
    [`set(ACCESS_TOKEN "${KEY}" CACHE STRING "")`, 'secret.generic_api_key'],
    [
      `variable "api_token" {\n  type    = string\n  default = "${KEY}"\n}`,
      'secret.generic_api_key',
    ],
    [
      `<meta-data android:name="com.example.API_SECRET" android:value="${KEY}"/>`,
      'secret.generic_api_key',
    ],
    [`val clientSecret: String = "${KEY}"`, 'secret.generic_api_key'],
    [`let db_pass: &str = "${PW}";`, 'secret.password'],
    [`var apiKey string = "${KEY}"`, 'secret.generic_api_key'],
    [`setx API_TOKEN "${KEY}"`, 'secret.generic_api_key'],
    [`{ "key": "X-Api-Key", "value": "${KEY}", "type": "text" }`, 'secret.generic_api_key'],
  ])('%s', (text, type) => {
    const value = type === 'secret.password' ? PW : KEY;
    expect(secrets(text)).toEqual([`${type} ${value}`]);
  });

  it('refuses names that hold no secret, public keys and stand-ins', () => {
    expect(secrets(`#define BUILD_ID "${KEY}"`)).toEqual([]);
    expect(secrets(`variable "region" {\n  default = "${KEY}"\n}`)).toEqual([]);
    expect(secrets(`{ "key": "Content-Type", "value": "application/json" }`)).toEqual([]);
    expect(secrets('val apiKey: String = "your-api-key-here"')).toEqual([]);
    expect(secrets('#define PUBLIC_KEY "pk_live_' + KEY + '"')).toEqual([]);
  });
});

describe('a database URL with a password in its query, and an AWS pair', () => {
  it('types a password parameter of a database URL a connection string', () => {
    expect(
      secrets(`spring.datasource.url=jdbc:postgresql://db:5432/app?user=app&password=${PW}`),
    ).toEqual([`secret.connection_string ${PW}`]);
    expect(secrets('jdbc:mysql://db/app?user=app&password=${DB_PASSWORD}')).toEqual([]);
  });

  it("types a secret beside an AWS key id as AWS's", () => {
    const id = 'AKIA2JQ5XKTR7WNM4PLB';
    const secret = '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';
    const text = `provider "aws" {\n  access_key = "${id}"\n  secret_key = "${secret}"\n}`;
    expect(secrets(text)).toEqual([
      `secret.aws_access_key ${id}`,
      `secret.aws_secret_key ${secret}`,
    ]);
    // Without a key id the same value stays a generic key.
    expect(secrets(`secret_key = "${secret}"`)).toEqual([`secret.generic_api_key ${secret}`]);
  });
});
