#!/usr/bin/env node
// Round 16 of the external sets (src/detect/README.md, "Round 16"): secrets only, from
// repositories no earlier round used, and this time mostly not from any scanner's test suite:
// HashiCorp's own product documentation, whose example outputs print the credentials each
// product issues (hashicorp/vault: AWS, Alibaba, Azure, MongoDB Atlas, RabbitMQ, LDAP, TOTP,
// SSH OTP and nine databases' dynamic credentials, Vault tokens, AppRole secret ids, and its
// storage-backend examples with their placeholder credentials; hashicorp/consul and
// hashicorp/nomad: ACL bootstrap and token outputs in CLI tables, JSON API responses, HCL
// agent config and curl headers, gossip encryption keys; hashicorp/boundary: dev-mode
// logins), libssh's key-parsing test keys as vendored in kingToolbox/WindTerm
// (src/libssh/tests/torture_key.c: RSA, DSA and ECDSA keys in PEM, PKCS#8 and OpenSSH form,
// plain and encrypted, and their public keys), Google's chrome-ssh-agent test keys, ZAP's
// hash-disclosure scan rule tests (MD5, salted SHA-1 and a session id: hashes, not
// credentials), and single files from public repositories found by searching for the
// syntax: a README's curl with a bearer JWT (franksprich/code-along-dan-vega-jwt), a hex
// key in an example env (YazRaso/RustAuth), npm/redact's snapshots (a JWT in a `Basic`
// header; `abc123abc1`), redaction tests' placeholders (exercism/cli, ybiquitous/runners,
// RoddieKieley/gpt-app-poc), and, as negatives, notes and READMEs showing
// Maven `settings.xml`, `.pypirc`, `.npmrc`, `~/.aws/credentials`, Kubernetes secrets,
// docker-compose and Mailgun curl examples with placeholders, variables and default
// passwords. Every text is copied from its source (named per sample), cut to the lines
// around the value; no value was edited. None of these repositories is a scanner an earlier
// round or the rules came from (ZAP's rule is a hash-disclosure check with no secret list;
// WindTerm vendors libssh, whose tests no earlier round used). No positive value here
// appears in an earlier round's files (checked by grepping test/fixtures/detect/ for each
// value of 16+ characters), and no value of 16+ characters appears in two texts (one text
// per value, so the two halves share none). Two texts were dropped before any scoring or
// reading: an `.npmrc` token written by a script and a Slack webhook in a Go test, values
// that look like live credentials their owners committed (a fixture must not republish one).
// Labels follow the written convention (test/fixtures/detect/readers/CONVENTION.md). Choices
// this round needed: a UUID-shaped value that HashiCorp's products issue as a credential
// (Consul and Nomad ACL `SecretID`s, Consul tokens under `token`, AppRole `secret_id`s,
// Azure `client_secret`, MongoDB Atlas `private_key`, the SSH OTP `key`) is
// `secret.generic_api_key`: the convention's "UUID used as an id" is a negative, but these sit
// under credential names and grant access, while accessor ids, lease ids, role ids and policy
// ids beside them are ids and are not labelled; Vault's own UUID-shaped tokens (pre-1.10
// format, under `token`/`client_token`) are `secret.vault_token`, the vendor's type; Consul
// and Nomad gossip encryption keys (base64 of 32 random bytes under `encrypt`, or passed to
// `keyring install`) and TOTP seeds in `otpauth://` URLs are `secret.generic_api_key`; an
// Alibaba Cloud access key pair and STS token are `secret.generic_api_key` (no type of their
// own); an encrypted private key (PEM with `Proc-Type: 4,ENCRYPTED`, `ENCRYPTED PRIVATE KEY`,
// OpenSSH with a cipher) is `secret.private_key`, since the convention counts any private key
// block with a body; a password printed by `vault read .../creds` is `secret.password`. Left
// out rather than argued: word or default credentials the source treats as real (`vaultpass`,
// `pass5678`, `SuperSecret123`), a PEM private key truncated with `...`
// (Consul's CA example), a Terraform token that reads as a keyboard run, and texts whose
// value repeats one already taken. Negatives: placeholders (`abcd1234`, `<token>`, `...`,
// `MY_TOKEN`, `YOUR_API_KEY`, `pypi-yours`, masked `AKI***`), variable references and
// templates (`$AZURE_CLIENT_SECRET`, `{{password}}`, `${env.NEXUS_PASSWORD}`), famous or
// word values (`admin123`, `password`, `secret123!`, `foo`, `123456`, `pAssw0rd`, `yourStrong(!)Password`,
// jwt.io's John Doe token), a password equal to its user name, hashes (MD5, salted SHA-1,
// ZooKeeper digests), public keys, JWTs elided with `...`, and ids beside no credential.
// The split is the corpus rule: the first byte of the SHA-256 of the text, even to
// external16-dev.jsonl (tuned on), odd to heldout/external16-heldout.jsonl (scored once).
import { writeRound } from './round-split.mjs';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });

const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const PK = 'secret.private_key';
const JWT = 'secret.jwt';
const AWS_ID = 'secret.aws_access_key';
const AWS_KEY = 'secret.aws_secret_key';
const VAULT = 'secret.vault_token';

// hashicorp/vault
add(
  'hashicorp/vault website/content/docs/secrets/aws.mdx',
  [AWS_ID, AWS_KEY],
  '$ vault write aws/config/root \\\n    access_key=AKIAJWVN5Z4FOFT7NLNA \\\n    secret_key=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 \\\n    region=us-east-1\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/aws.mdx',
  [AWS_ID, AWS_KEY],
  '$ vault read aws/creds/my-role\nKey                Value\n---                -----\nlease_id           aws/creds/my-role/f3e92392-7d9c-09c8-c921-575d62fe80d8\nlease_duration     768h\nlease_renewable    true\naccess_key         AKIAIOWQXTLW36DV7IEA\nsecret_key         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\nsession_token     <nil>\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/postgresql.mdx',
  [PW],
  '$ vault read database/creds/my-role\nKey                Value\n---                -----\nlease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\nlease_duration     1h\nlease_renewable    true\npassword           SsnoaA-8Tv4t34f41baD\nusername           v-vaultuse-my-role-x\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/postgresql.mdx',
  [],
  '$ vault write database/config/my-postgresql-database \\\n    plugin_name=postgresql-database-plugin \\\n    allowed_roles="my-role" \\\n    connection_url="postgresql://{{username}}:{{password}}@localhost:5432/" \\\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/rabbitmq.mdx',
  [PW],
  '$ vault read rabbitmq/creds/my-role\nKey                Value\n---                -----\nlease_id           rabbitmq/creds/my-role/I39Hu8XXOombof4wiK5bKMn9\nlease_duration     768h\nlease_renewable    true\npassword           3yNDBikgQvrkx2VA2zhq5IdSM7IWk1RyMYJr\nusername           root-39669250-3894-8032-c420-3d58483ebfc4\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/rabbitmq.mdx',
  [],
  '$ vault write rabbitmq/config/connection \\\n    connection_uri="http://localhost:15672" \\\n    username="admin" \\\n    password="password"\nSuccess! Data written to: rabbitmq/config/connection\n',
);
add(
  'hashicorp/vault website/content/docs/auth/approle.mdx',
  [GEN, VAULT],
  '$ vault write auth/approle/login \\\n    role_id=db02de05-fa39-4855-059b-67221c5c2f63 \\\n    secret_id=6a174c20-f6de-a53c-74d2-6018fcceff64\n\nKey                Value\n---                -----\ntoken              65b74ffd-842c-fd43-1386-f7d7006e520a\ntoken_accessor     3c29bc22-5c72-11a6-f778-2bc8f48cea0e\ntoken_duration     20m0s\ntoken_renewable    true\ntoken_policies     [default]\n',
);
add(
  'hashicorp/vault website/content/docs/auth/approle.mdx',
  [VAULT],
  '{\n  "auth": {\n    "renewable": true,\n    "lease_duration": 2764800,\n    "metadata": {},\n    "policies": ["default", "dev-policy", "test-policy"],\n    "accessor": "5d7fb475-07cb-4060-c2de-1ca3fcbf0c56",\n    "client_token": "98a4c7ab-b1fe-361b-ba0b-e307aacfd587"\n  }\n}\n',
);
add(
  'hashicorp/vault website/content/docs/auth/approle.mdx',
  [GEN],
  '{\n  "data": {\n    "secret_id_accessor": "45946873-1d96-a9d4-678c-9229f74386a5",\n    "secret_id": "37b74931-c4cd-d49a-9246-ccc62d682a25",\n    "secret_id_ttl": 600\n  }\n}\n',
);
add(
  'hashicorp/vault website/content/docs/auth/github.mdx',
  [VAULT],
  '{\n  "auth": {\n    "renewable": true,\n    "lease_duration": 2764800,\n    "metadata": {\n      "username": "my-user",\n      "org": "my-org"\n    },\n    "policies": ["default", "dev-policy"],\n    "accessor": "f93c4b2d-18b6-2b50-7a32-0fecf88237b8",\n    "client_token": "1977fceb-3bfa-6c71-4d1f-b64af98ac018"\n  }\n}\n',
);
add(
  'hashicorp/vault website/content/docs/auth/github.mdx',
  [],
  '$ vault login -method=github token="MY_TOKEN"\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/consul.mdx',
  [GEN],
  '$ vault write consul/config/access \\\n    address="127.0.0.1:8500" \\\n    token="ef35f0f1-885b-0cab-573c-7c91b65a7a7e"\nSuccess! Data written to: consul/config/access\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/consul.mdx',
  [GEN],
  '$ vault read consul/creds/my-role\nKey                 Value\n---                 -----\nlease_id            consul/creds/my-role/b2469121-f55f-53c5-89af-a3ba52b1d6d8\nlease_duration      768h\nlease_renewable     true\naccessor            c81b9cf7-2c4f-afc7-1449-4e442b831f65\nconsul_namespace    ns1\nlocal               false\npartition           admin1\ntoken               642783bf-1540-526f-d4de-fe1ac1aed6f0\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/consul.mdx',
  [],
  '$ curl \\\n    --header "X-Consul-Token: my-management-token" \\\n    --request PUT \\\n    --data \'{"Name": "sample", "Type": "management"}\' \\\n    https://consul.rocks/v1/acl/create\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/nomad.mdx',
  [GEN],
  '$ nomad acl bootstrap\nAccessor ID  = 95a0ee55-eaa6-2c0a-a900-ed94c156754e\nSecret ID    = c25b6ca0-ea4e-000f-807a-fd03fcab6e3c\nName         = Bootstrap Token\nType         = management\nGlobal       = true\nPolicies     = n/a\nCreate Time  = 2017-09-20 19:40:36.527512364 +0000 UTC\nCreate Index = 7\nModify Index = 7\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/nomad.mdx',
  [GEN],
  '$ vault write nomad/config/access \\\n    address=http://127.0.0.1:4646 \\\n    token=adf4238a-882b-9ddc-4a9d-5b6758e4159e\nSuccess! Data written to: nomad/config/access\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/nomad.mdx',
  [GEN],
  '$ vault read nomad/creds/monitoring\nKey              Value\n---              -----\nlease_id         nomad/creds/monitoring/78ec3ef3-c806-1022-4aa8-1dbae39c760c\nlease_duration   768h0m0s\nlease_renewable  true\naccessor_id      a715994d-f5fd-1194-73df-ae9dad616307\nsecret_id        b31fb56c-0936-5428-8c5f-ed010431aba9\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/alicloud.mdx',
  [GEN],
  '$ vault write alicloud/config \\\n    access_key=0wNEpMMlzy7szvai \\\n    secret_key=PupkTg8jdmau1cXxYacgE736PJj4cA\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/alicloud.mdx',
  [GEN],
  '$ vault read alicloud/creds/role-based\nKey                Value\n---                -----\nlease_id           alicloud/creds/role-based/f3e92392-7d9c-09c8-c921-575d62fe80d9\nlease_duration     59m59s\nlease_renewable    false\naccess_key         STS.L4aBSCSJVMuKg5U1vFDw\nsecret_key         wyLTSmsyPGP1ohvvw8xYgB29dlGI8KMiH2pKCNZ9\nsecurity_token     CAESrAIIARKAAShQquMnLIlbvEcIxO6wCoqJufs8sWwieUxu45hS9AvKNEte8KRUWiJWJ6Y+YHAPgNwi7yfRecMFydL2uPOgBI7LDio0RkbYLmJfIxHM2nGBPdml7kYEOXmJp2aDhbvvwVYIyt/8iES/R6N208wQh0Pk2bu+/9dvalp6wOHF4gkFGhhTVFMuTDRhQlNDU0pWTXVLZzVVMXZGRHciBTQzMjc0KgVhbGljZTCpnJjwySk6BlJzYU1ENUJuCgExGmkKBUFsbG93Eh8KDEFjdGlvbkVxdWFscxIGQWN0aW9uGgcKBW9zczoqEj8KDlJlc291cmNlRXF1YWxzEghSZXNvdXJjZRojCiFhY3M6b3NzOio6NDMyNzQ6c2FtcGxlYm94L2FsaWNlLyo=\nexpiration         2018-08-15T21:58:00Z\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/azure.mdx',
  [GEN],
  '$ vault read azure/creds/my-role\n\nKey                Value\n---                -----\nlease_id           azure/creds/sp_role/1afd0969-ad23-73e2-f974-962f7ac1c2b4\nlease_duration     60m\nlease_renewable    true\nclient_id          408bf248-dd4e-4be5-919a-7f6207a307ab\nclient_secret      ad06228a-2db9-4e0a-8a5d-e047c7f32594\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/azure.mdx',
  [],
  '$ vault write azure/config \\\n    subscription_id=$AZURE_SUBSCRIPTION_ID \\\n    tenant_id=$AZURE_TENANT_ID \\\n    client_id=$AZURE_CLIENT_ID \\\n    client_secret=$AZURE_CLIENT_SECRET\n\nSuccess! Data written to: azure/config\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/totp.mdx',
  [GEN],
  '$ vault write totp/keys/my-key \\\n    url="otpauth://totp/Vault:test@test.com?secret=Y64VEVMBTSXCYIWRSHRNDZW62MPGVU2G&issuer=Vault"\nSuccess! Data written to: totp/keys/my-key\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/totp.mdx',
  [GEN],
  'Key        Value\n---        -----\nbarcode    iVBORw0KGgoAAAANSUhEUgAAAMgAAADIEAAAAADYoy0BA...\nurl        otpauth://totp/Vault:user@test.com?algorithm=SHA1&digits=6&issuer=Vault&period=30&secret=V7MBSK324I7KF6KVW34NDFH2GYHIF6JY\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/mongodbatlas.mdx',
  [GEN],
  '$ vault write mongodbatlas/config \\\n    public_key=yhltsvan \\\n    private_key=2c130c23-e6b6-4da8-a93f-a8bf33218830\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/mongodbatlas.mdx',
  [GEN],
  '$ vault read mongodbatlas/creds/test\n\n    Key                Value\n    ---                -----\n    lease_id           mongodbatlas/creds/test/0fLBv1c2YDzPlJB1PwsRRKHR\n    lease_duration     2h\n    lease_renewable    true\n    description        vault-test-1563980947-1318\n    private_key        905ae89e-6ee8-40rd-ab12-613t8e3fe836\n    public_key         klpruxce\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/mongodbatlas.mdx',
  [],
  '$ vault write mongodbatlas/roles/test \\\n    organization_id=5b23ff2f96e82130d0aaec13 \\\n    roles=ORG_MEMBER\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/ldap.mdx',
  [PW],
  '$ vault read ldap/creds/dynamic-role\nKey                    Value\n---                    -----\nlease_id               ldap/creds/dynamic-role/HFgd6uKaDomVMvJpYbn9q4q5\nlease_duration         1h\nlease_renewable        true\ndistinguished_names    [cn=v_token_dynamic-role_FfH2i1c4dO_1611952635,ou=users,dc=learn,dc=example]\npassword               xWMjkIFMerYttEbzfnBVZvhRQGmhpAA0yeTya8fdmDB3LXDzGrjNEPV2bCPE9CW6\nusername               v_token_testrole_FfH2i1c4dO_1611952635\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/ldap.mdx',
  [PW],
  '$ vault write -f ldap/library/accounting-team/check-out\nKey                     Value\n---                     -----\nlease_id                ldap/library/accounting-team/check-out/EpuS8cX7uEsDzOwW9kkKOyGW\nlease_duration          10h\nlease_renewable         true\npassword                ?@09AZKh03hBORZPJcTDgLfntlHqxLy29tcQjPVThzuwWAx/Twx4a2ZcRQRqrZ1w\nservice_account_name    fizz@example.com\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/ldap.mdx',
  [PW],
  '$ vault write ldap/library/accounting-team/check-out ttl=30m\nKey                     Value\n---                     -----\nlease_id                ldap/library/accounting-team/check-out/gMonJ2jB6kYs6d3Vw37WFDCY\nlease_duration          30m\nlease_renewable         true\npassword                ?@09AZerLLuJfEMbRqP+3yfQYDSq6laP48TCJRBJaJu/kDKLsq9WxL9szVAvL/E1\nservice_account_name    buzz@example.com\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/ldap.mdx',
  [],
  "$ vault write ldap/config \\\n    binddn=$USERNAME \\\n    bindpass=$PASSWORD \\\n    url=ldaps://138.91.247.105 \\\n    userdn='dc=example,dc=com'\n",
);
add(
  'hashicorp/vault website/content/docs/secrets/ssh/one-time-ssh-passwords.mdx',
  [GEN],
  '$ vault write ssh/creds/otp_key_role ip=x.x.x.x\nKey            \tValue\nlease_id       \tssh/creds/otp_key_role/73bbf513-9606-4bec-816c-5a2f009765a5\nlease_duration \t600\nlease_renewable\tfalse\nport           \t22\nusername       \tusername\nip             \tx.x.x.x\nkey            \t2f7e25a2-24c9-4b7b-0d35-27d5e5203a5c\nkey_type       \totp\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/kubernetes.mdx',
  [],
  '$ vault write kubernetes/creds/my-role \\\n    kubernetes_namespace=test\n\nKey                        Value\n–--                        -----\nlease_id                   kubernetes/creds/my-role/31d771a6-...\nlease_duration             10m0s\nlease_renwable             false\nservice_account_name       test-service-account-with-generated-token\nservice_account_namespace  test\nservice_account_token      eyJHbGci0iJSUzI1NiIsImtpZCI6ImlrUEE...\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/kubernetes.mdx',
  [],
  '$ curl -sk $(kubectl config view -o \'jsonpath={.clusters[0].cluster.server}\')/api/v1/namespaces/test/pods \\\n    --header "Authorization: Bearer eyJHbGci0iJSUzI1Ni..."\n',
);
add(
  'hashicorp/vault website/content/api-docs/system/secrets-sync.mdx',
  [],
  '```json\n{\n    "access_key_id": "AKI***",\n    "secret_access_key": "ktri****",\n    "region": "us-west-1"\n}\n```\n',
);
add(
  'hashicorp/vault website/content/api-docs/system/secrets-sync.mdx',
  [],
  '```json\n{\n    "access_token": "github_pat_12345",\n    "repository_owner": "my-organization-or-username",\n    "repository_name": "my-repository"\n}\n```\n',
);
add(
  'hashicorp/vault website/content/api-docs/system/secrets-sync.mdx',
  [],
  '```json\n{\n    "key_vault_uri": "https://keyvault-1234abcd.vault.azure.net",\n    "subscription_id": "uuid",\n    "tenant_id": "uuid",\n    "client_id": "uuid",\n    "client_secret": "90y8Q***"\n}\n```\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/terraform.mdx',
  [],
  '$ vault read terraform/creds/testing\n\nKey             Value\n---             -----\norganization    hashicorp-vault-testing\nrole            testing\ntoken           <example token>\ntoken_id        at-fqvtdTQ5kQWcjUfG\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/identity/identity-token.mdx',
  [],
  '{\n  "iss": "https://10.1.1.45:8200/v1/identity/oidc",\n  "sub": "a2cd63d3-5364-406f-980e-8d71bb0692f5",\n  "aud": "SxSouteCYPBoaTFy94hFghmekos",\n  "iat": 1561411915,\n  "exp": 1561412215,\n  "color": "green",\n  "userinfo": {\n    "username": "bob",\n    "groups": ["web", "engr", "default"]\n  },\n  "nbf": 1561411915\n}\n',
);
add(
  'hashicorp/vault website/content/docs/configuration/storage/mysql.mdx',
  [],
  'storage "mysql" {\n  username = "user1234"\n  password = "secret123!"\n  database = "vault"\n}\n',
);
add(
  'hashicorp/vault website/content/docs/configuration/storage/s3.mdx',
  [],
  'storage "s3" {\n  access_key = "abcd1234"\n  secret_key = "defg5678"\n  bucket     = "my-bucket"\n  kms_key_id = "001234ac-72d3-9902-a3fc-0123456789ab"\n}\n',
);
add(
  'hashicorp/vault website/content/docs/configuration/storage/azure.mdx',
  [],
  'storage "azure" {\n  accountName  = "my-storage-account"\n  accountKey   = "abcd1234"\n  container    = "container-efgh5678"\n  max_parallel = 512\n}\n',
);
add(
  'hashicorp/vault website/content/docs/configuration/storage/postgresql.mdx',
  [],
  'storage "postgresql" {\n  connection_url = "postgres://user123:secret123!@localhost:5432/vault"\n}\n',
);
add(
  'hashicorp/vault website/content/docs/configuration/storage/postgresql.mdx',
  [],
  'storage "postgresql" {\n  connection_url = "postgres://user:pass@localhost:5432/database?sslmode=verify-full"\n}\n',
);
add(
  'hashicorp/vault website/content/docs/configuration/storage/zookeeper.mdx',
  [],
  'storage "zookeeper" {\n  znode_owner = "digest:vaultUser:raxgVAfnDRljZDAcJFxznkZsExs="\n  auth_info   = "digest:vaultUser:abc"\n}\n',
);
add(
  'hashicorp/vault website/content/docs/configuration/storage/zookeeper.mdx',
  [],
  'storage "zookeeper" {\n  address = "host1.com:5200,host2.com:5200,host3.com:5200"\n  path = "vault_path_on_zk/"\n  znode_owner = "digest:vault_user:digestvalueforpassword="\n  auth_info = "digest:vault_user:thisisthepassword"\n  redirect_addr = "http://localhost:8200"\n  tls_verify_ip = "true"\n',
);
add(
  'hashicorp/vault website/content/docs/commands/token/create.mdx',
  [VAULT],
  '$ vault token create -policy=my-policy -policy=other-policy\nKey                Value\n---                -----\ntoken              95eba8ed-f6fc-958a-f490-c7fd0eda5e9e\ntoken_accessor     882d4a40-3796-d06e-c4f0-604e8503750b\ntoken_duration     768h\ntoken_renewable    true\ntoken_policies     [default my-policy other-policy]\n',
);
add(
  'hashicorp/vault website/content/docs/commands/token/create.mdx',
  [VAULT],
  '$ vault token create -period=30m\nKey                Value\n---                -----\ntoken              fdb90d58-af87-024f-fdcd-9f95039e353a\ntoken_accessor     4cd9177c-034b-a004-c62d-54bc56c0e9bd\ntoken_duration     30m\ntoken_renewable    true\ntoken_policies     [my-policy]\n',
);
add(
  'hashicorp/vault website/content/docs/auth/userpass.mdx',
  [VAULT],
  '{\n  "lease_id": "",\n  "renewable": false,\n  "lease_duration": 0,\n  "data": null,\n  "auth": {\n    "client_token": "c4f280f6-fdb2-18eb-89d3-589e2e834cdb",\n    "policies": ["admins"],\n    "metadata": {\n      "username": "mitchellh"\n    },\n    "lease_duration": 0,\n    "renewable": false\n  }\n}\n',
);
add(
  'hashicorp/vault website/content/docs/auth/userpass.mdx',
  [],
  '$ vault login -method=userpass \\\n    username=mitchellh \\\n    password=foo\n',
);
add(
  'hashicorp/vault website/content/api-docs/secret/aws.mdx',
  [],
  '{\n  "access_key": "AKIA...",\n  "secret_key": "2J+...",\n  "region": "us-east-1"\n}\n',
);
add(
  'hashicorp/vault website/content/api-docs/system/init.mdx',
  [],
  '{\n  "keys": ["one", "two", "three"],\n  "keys_base64": ["cR9No5cBC", "F3VLrkOo", "zIDSZNGv"],\n  "root_token": "foo"\n}\n',
);

// hashicorp/consul
add(
  'hashicorp/consul website/content/docs/security/encryption/gossip.mdx',
  [GEN],
  '```hcl\nencrypt = "YwgWlBvicJN17UOYcutXLpJSZsw5aWpLEEWqgK635zA="\n```\n',
);
add(
  'hashicorp/consul website/content/docs/security/encryption/gossip.mdx',
  [GEN],
  '$ consul keyring -install FfRV9j6NXU9LlCI4zLZjjpZdj4Nrqsdm7R8YgzSHzHw=\n==> Installing new gossip encryption key...\n',
);
add(
  'hashicorp/consul website/content/docs/security/encryption/gossip.mdx',
  [],
  "==> Starting Consul agent...\n               Version: '1.19.0'\n            Build Date: '2024-06-12 13:59:10 +0000 UTC'\n               Node ID: 'e74b1ade-e932-1707-cdf1-6579b8b2536c'\n             Node name: 'consul-server-0'\n            Datacenter: 'dc1' (Segment: '<all>')\n                Server: true (Bootstrap: false)\n           Client Addr: [127.0.0.1] (HTTP: 8500, HTTPS: 8443, gRPC: -1, gRPC-TLS: 8503, DNS: 53)\n          Cluster Addr: 172.19.0.7 (LAN: 8301, WAN: 8302)\n     Gossip Encryption: true\n",
);
add(
  'hashicorp/consul website/content/docs/security/acl/acl-tokens.mdx',
  [GEN],
  'service = {\n  id = "redis"\n  name = "redis"\n  ...\n  namespace = "foo"\n  token = "233b604b-b92e-48c8-a253-5f11514e4b50"\n}\n',
);
add(
  'hashicorp/consul website/content/docs/security/acl/acl-tokens.mdx',
  [],
  '$ curl --header "X-Consul-Token: <token>" "http://127.0.0.1:8500/v1/agent/members"\n',
);
add(
  'hashicorp/consul website/content/docs/security/acl/acl-tokens.mdx',
  [],
  '- `AccessorID`: `00000000-0000-0000-0000-000000000002`\n- `SecretID`: `anonymous`\n',
);
add(
  'hashicorp/consul website/content/docs/security/acl/tokens/create/create-an-agent-token.mdx',
  [],
  'acl = {\n  enabled = true\n  tokens = {\n    agent = "<token>"\n    ...\n  }\n  ...\n}\n',
);
add(
  'hashicorp/consul website/content/docs/connect/ca/vault.mdx',
  [],
  'connect {\n  enabled = true\n  ca_provider = "vault"\n  ca_config {\n    address = "http://localhost:8200"\n    token = "..."\n    root_pki_path = "connect-root"\n    intermediate_pki_path = "connect-intermediate"\n  }\n}\n',
);
add(
  'hashicorp/consul website/content/docs/connect/ca/consul.mdx',
  [],
  '$ jq -n --arg key "$(cat root.key)"  --arg cert "$(cat root.crt)" \'\n{\n    "Provider": "consul",\n    "Config": {\n        "LeafCertTTL": "72h",\n        "PrivateKey": $key,\n        "RootCert": $cert,\n        "IntermediateCertTTL": "8760h"\n    }\n}\' > ca_config.json\n',
);
add(
  'hashicorp/consul website/content/commands/acl/token/create.mdx',
  [GEN],
  '$ consul acl token create -description "Read Nodes and Services" -policy-id 06acc965\nAccessorID:   986193b5-e2b5-eb26-6264-b524ea60cc6d\nSecretID:     ec15675e-2999-d789-832e-8c4794daa8d7\nDescription:  Read Nodes and Services\nLocal:        false\nCreate Time:  2018-10-22 15:33:39.01789 -0400 EDT\nPolicies:\n   06acc965-df4b-5a99-58cb-3250930c6324 - node-services-read\n',
);
add(
  'hashicorp/consul website/content/commands/acl/token/create.mdx',
  [GEN],
  '$ consul acl token create -description "Read Nodes and Services" -policy-id 06acc965 -local\nAccessorID:   4fdf0ec8-d251-3865-079c-7247c974fc50\nSecretID:     02143514-abf2-6c23-0aa1-ec2107e68f6b\nDescription:  Read Nodes and Services\nLocal:        true\nCreate Time:  2018-10-22 15:34:19.330265 -0400 EDT\n',
);
add(
  'hashicorp/consul website/content/commands/acl/token/create.mdx',
  [GEN],
  '$ consul acl token create -description "Super User" -policy-name global-management\nAccessorID:   59f86a9b-d3b6-166c-32a0-be4ab3f94caa\nSecretID:     ada7f751-f654-8872-7f93-498e799158b6\nDescription:  Super User\n',
);
add(
  'hashicorp/consul website/content/commands/acl/token/create.mdx',
  [GEN],
  "$ consul acl token create -description 'crawler token' -service-identity 'crawler' -expires-ttl '15m'\nAccessorID:       0c083aca-6c15-f0cc-c4d9-30578db54cd9\nSecretID:         930dafb6-5c08-040b-23fb-a368a95256f9\nDescription:      crawler token\nLocal:            false\nCreate Time:      2019-04-25 16:45:49.337687334 -0500 CDT\nExpiration Time:  2019-04-25 17:00:49.337687334 -0500 CDT\nService Identities:\n   crawler (Datacenters: all)\n",
);
add(
  'hashicorp/consul website/content/commands/acl/token/clone.mdx',
  [GEN],
  '$ consul acl token clone -id 59f8 -description "Clone of Super User"\nToken cloned successfully.\nAccessorID:   dcfa52ed-9288-b3ff-056d-255ef69d2d88\nSecretID:     0005d17e-5bb2-7e8b-7bfa-15f2eee9ad14\nDescription:  Clone of Super User\nLocal:        false\nCreate Time:  2018-10-22 16:26:02.909096 -0400 EDT\nPolicies:\n   00000000-0000-0000-0000-000000000001 - global-management\n',
);
add(
  'hashicorp/consul website/content/commands/acl/token/update.mdx',
  [],
  '$ consul acl token update -id anonymous -policy-id 06acc\nToken updated successfully.\nAccessorID:   00000000-0000-0000-0000-000000000002\nSecretID:     anonymous\nDescription:  Anonymous Token\nLocal:        false\nCreate Time:  0001-01-01 00:00:00 +0000 UTC\nPolicies:\n   06acc965-df4b-5a99-58cb-3250930c6324 - node-services-read\n',
);
add(
  'hashicorp/consul website/content/api-docs/acl/tokens.mdx',
  [GEN],
  '{\n  "AccessorID": "6a1253d2-1785-24fd-91c2-f8e78c745511",\n  "SecretID": "45a3bd52-07c7-47a4-52fd-0745e0cfe967",\n  "Description": "Agent token for \'node1\'",\n  "Policies": [\n    {\n      "ID": "165d4317-e379-f732-ce70-86278c4558f7",\n      "Name": "node1-write"\n    },\n    {\n      "ID": "e359bd81-baca-903e-7e64-1ccd9fdc78f5",\n      "Name": "node-read"\n    }\n  ],\n  "Local": false,\n  "CreateTime": "2018-10-24T12:25:06.921933-04:00",\n  "Hash": "UuiRkOQPRCvoRZHRtUxxbrmwZ5crYrOdZ0Z1FTFbTbA=",\n  "CreateIndex": 59,\n  "ModifyIndex": 59\n}\n',
);
add(
  'hashicorp/consul website/content/api-docs/acl/tokens.mdx',
  [],
  '{\n  "Description": "Agent token for \'node1\'",\n  "Policies": [\n    {\n      "ID": "165d4317-e379-f732-ce70-86278c4558f7"\n    },\n    {\n      "Name": "node-read"\n    }\n  ],\n  "Local": false\n}\n',
);
add(
  'hashicorp/consul website/content/commands/acl/bootstrap.mdx',
  [GEN],
  'AccessorID:   4d123dff-f460-73c3-02c4-8dd64d136e01\nSecretID:     86cddfb9-2760-d947-358d-a2811156bf31\nDescription:  Bootstrap Token (Global Management)\nLocal:        false\nCreate Time:  2018-10-22 11:27:04.479026 -0400 EDT\nPolicies:\n   00000000-0000-0000-0000-000000000001 - global-management\n',
);
add(
  'hashicorp/consul website/content/commands/acl/set-agent-token.mdx',
  [GEN],
  '$ consul acl set-agent-token default c4d0f8df-3aba-4ab6-a7a0-35b760dc29a1\n',
);
add(
  'hashicorp/consul website/content/api-docs/acl/index.mdx',
  [GEN],
  '{\n  "ID": "527347d3-9653-07dc-adc0-598b8f2b0f4d",\n  "AccessorID": "b5b1a918-50bc-fc46-dec2-d481359da4e3",\n  "SecretID": "527347d3-9653-07dc-adc0-598b8f2b0f4d",\n  "Description": "Bootstrap Token (Global Management)",\n  "Policies": [\n    {\n      "ID": "00000000-0000-0000-0000-000000000001",\n      "Name": "global-management"\n    }\n  ],\n  "Local": false,\n  "CreateTime": "2018-10-24T10:34:20.843397-04:00",\n  "Hash": "oyrov6+GFLjo/KZAfqgxF/X4J/3LX0435DOBy9V22I0=",\n  "CreateIndex": 12,\n  "ModifyIndex": 12\n}\n',
);
add(
  'hashicorp/consul website/content/api-docs/acl/index.mdx',
  [GEN],
  '{\n  "AccessorID": "926e2bd2-b344-d91b-0c83-ae89f372cd9b",\n  "SecretID": "b78d37c7-0ca7-5f4d-99ee-6d9975ce4586",\n  "Description": "token created via login",\n  "Roles": [\n    {\n      "ID": "3356c67c-5535-403a-ad79-c1d5f9df8fc7",\n      "Name": "demo"\n    }\n  ],\n',
);
add(
  'hashicorp/consul website/content/api-docs/acl/index.mdx',
  [],
  '{\n  "AuthMethod": "minikube",\n  "BearerToken": "eyJhbGciOiJSUzI1NiIsImtpZCI6IiJ9..."\n}\n',
);

// hashicorp/nomad
add(
  'hashicorp/nomad website/content/docs/commands/acl/bootstrap.mdx',
  [GEN],
  '$ nomad acl bootstrap\nAccessor ID  = 5b7fd453-d3f7-6814-81dc-fcfe6daedea5\nSecret ID    = 9184ec35-65d4-9258-61e3-0c066d0a45c5\nName         = Bootstrap Token\nType         = management\nGlobal       = true\nPolicies     = n/a\nCreate Time  = 2017-09-11 17:38:10.999089612 +0000 UTC\nCreate Index = 7\nModify Index = 7\n',
);
add(
  'hashicorp/nomad website/content/docs/commands/acl/token/create.mdx',
  [GEN],
  '$ nomad acl token create -name="example-acl-token" -policy=example-acl-policy -role-name=example-acl-role\nAccessor ID  = ef851ca0-b331-da5d-bbeb-7ede8f7c9151\nSecret ID    = 11d5348a-8768-5baa-6185-c154980e1488\nName         = example-acl-token\nType         = client\nGlobal       = false\nCreate Time  = 2022-08-23 12:16:09.680699039 +0000 UTC\nExpiry Time  = <none>\nCreate Index = 140\nModify Index = 140\nPolicies     = [example-acl-policy]\n',
);
add(
  'hashicorp/nomad website/content/docs/commands/acl/token/info.mdx',
  [GEN],
  '$ nomad acl token info 1b60edc8-e4ed-08ef-208d-ecc18a90ccc3\nAccessor ID  = 1b60edc8-e4ed-08ef-208d-ecc18a90ccc3\nSecret ID    = e4c7c80e-870b-c6a6-43d2-dbfa90130c06\nName         = example-acl-token\nType         = client\nGlobal       = false\nCreate Time  = 2022-08-23 12:17:35.45067293 +0000 UTC\nExpiry Time  = 2022-08-23 20:17:35.45067293 +0000 UTC\n',
);
add(
  'hashicorp/nomad website/content/docs/commands/acl/token/self.mdx',
  [GEN],
  '$ export NOMAD_TOKEN=85310d07-9afa-ef53-0933-0c043cd673c7\n\n$ nomad acl token self\nAccessor ID  = 9c2d1b3a-cbc3-d9a0-3df9-5a382545a819\n',
);
add(
  'hashicorp/nomad website/content/api-docs/acl/tokens.mdx',
  [GEN],
  '{\n  "AccessorID": "b780e702-98ce-521f-2e5f-c6b87de05b24",\n  "SecretID": "3f4a0fcd-7c42-773c-25db-2d31ba0c05fe",\n  "Name": "Bootstrap Token",\n  "Type": "management",\n  "Policies": null,\n  "Global": true,\n  "CreateTime": "2017-08-23T22:47:14.695408057Z",\n  "CreateIndex": 7,\n  "ModifyIndex": 7\n}\n',
);
add(
  'hashicorp/nomad website/content/api-docs/acl/tokens.mdx',
  [GEN],
  '### Sample Operator Payload\n\n```json\n{\n  "BootstrapSecret": "2b778dd9-f5f1-6f29-b4b4-9a5fa948757a"\n}\n```\n',
);
add(
  'hashicorp/nomad website/content/api-docs/acl/tokens.mdx',
  [GEN],
  '$ curl \\\n    --header "X-Nomad-Token: 8176afd3-772d-0b71-8f85-7fa5d903e9d4" \\\n    https://localhost:4646/v1/acl/token/self\n',
);
add(
  'hashicorp/nomad website/content/api-docs/acl/tokens.mdx',
  [],
  '[\n  {\n    "AccessorID": "b780e702-98ce-521f-2e5f-c6b87de05b24",\n    "Name": "Bootstrap Token",\n    "Type": "management",\n    "Policies": null,\n    "Global": true,\n    "CreateTime": "2017-08-23T22:47:14.695408057Z",\n    "CreateIndex": 7,\n    "ModifyIndex": 7\n  }\n]\n',
);
add(
  'hashicorp/nomad website/content/api-docs/acl/login.mdx',
  [GEN],
  '{\n  "AccessorID": "cbbc7059-3acf-2ef5-378b-495f5f81f733",\n  "CreateIndex": 18,\n  "CreateTime": "2023-01-18T10:53:29.460987Z",\n  "ExpirationTTL": 600000000000,\n  "ExpirationTime": "2023-01-18T11:03:29.460987Z",\n  "Global": true,\n  "ModifyIndex": 18,\n  "Name": "JWT-github",\n  "Policies": [],\n  "Roles": [\n    {\n      "ID": "10b1a678-f71d-d266-2888-8b3e47e317b8",\n      "Name": "engineering-read"\n    }\n  ],\n  "SecretID": "1fce464c-06d1-4020-8564-631c25201ea7",\n  "Type": "client"\n}\n',
);
add(
  'hashicorp/nomad website/content/api-docs/acl/login.mdx',
  [],
  '{\n  "AuthMethodName": "github",\n  "LoginToken": "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.NHVaYe26MbtOYhSKkoKYdFVomg4i8ZJd8_-RU8VNbftc4TSMb4bXP3l3YlNWACwyXPGffz5aXHc6lty1Y2t4SWRqGteragsVdZufDn5BlnJl9pdR_kdVFUsra2rWKEofkZeIC4yWytE58sMIihvo9H1ScmmVwBcQP6XETqYd0aSHp1gOa9RdUPDvoXQ5oqygTqVtxaDr6wUFKrKItgBMzWIdNZ6y7O9E0DhEPTbE9rfBo6KTFsHAZnMg4k68CDp2woYIaXbmYTWcvbzIuHO7_37GT79XdIwkm95QJ7hYC9RiwrV7mesbY4PAahERJawntho0my942XheVLmGwLMBkQ"\n}\n',
);
add(
  'hashicorp/nomad website/content/docs/commands/operator/gossip/keyring-generate.mdx',
  [GEN],
  '$ nomad operator gossip keyring generate\n6RhfKFZ5uYEaU6RgWzx69ssLcpiIkvnEZs5KBOQxvxA=\n',
);
add(
  'hashicorp/nomad website/content/docs/commands/operator/gossip/keyring-install.mdx',
  [GEN],
  '$ nomad operator gossip keyring install AOUfjGff+MrTBzNU7NCOTmYajKRkGv8r2ToxheWd+jk=\nInstalling new gossip encryption key...\n',
);
add(
  'hashicorp/nomad command/agent/testdata/basic.hcl',
  [],
  'consul {\n  address                = "127.0.0.1:9500"\n  allow_unauthenticated  = true\n  token                  = "token1"\n  auth                   = "username:pass"\n  ssl                    = true\n',
);
add(
  'hashicorp/nomad command/agent/testdata/basic.hcl',
  [],
  'acl {\n  enabled                  = true\n  token_ttl                = "60s"\n  policy_ttl               = "60s"\n  role_ttl                 = "60s"\n  token_min_expiration_ttl = "1h"\n  token_max_expiration_ttl = "100h"\n  replication_token        = "foobar"\n}\n',
);

// hashicorp/boundary
add(
  'hashicorp/boundary website/content/docs/getting-started/dev-mode/run-and-login.mdx',
  [],
  'provider "boundary" {\n    base_url             = "http://127.0.0.1:9200"\n    auth_method_id       = "ampw_1234567890"\n    auth_method_username = "admin"\n    auth_method_password = "password"\n}\n',
);
add(
  'hashicorp/boundary website/content/docs/getting-started/deploy-and-login.mdx',
  [],
  '$ boundary authenticate password \\\n   -auth-method-id=COPIED_AUTH_ID \\\n   -login-name=ADMIN_USERNAME \\\n   -password=ADMIN_PASSWORD\n',
);

// zaproxy/zap-extensions
add(
  'zaproxy/zap-extensions addOns/pscanrules/src/test/java/org/zaproxy/zap/extension/pscanrules/HashDisclosureScanRuleUnitTest.java',
  [],
  '        // Given - Upper MD5\n        String hashVal = "DD6433D07B73FC14A2A4D03C5A8FAA90";\n        HttpMessage msg = createMsg(hashVal);\n',
);
add(
  'zaproxy/zap-extensions addOns/pscanrules/src/test/java/org/zaproxy/zap/extension/pscanrules/HashDisclosureScanRuleUnitTest.java',
  [],
  '        // Given - Lower MD5\n        String hashVal = "cc03e747a6afbbcbf8be7668acfebee5";\n        HttpMessage msg = createMsg("");\n        msg.getResponseHeader().addHeader(HttpHeader.SET_COOKIE, "userid=" + hashVal);\n',
);
add(
  'zaproxy/zap-extensions addOns/pscanrules/src/test/java/org/zaproxy/zap/extension/pscanrules/HashDisclosureScanRuleUnitTest.java',
  [],
  '        // Given\n        String hashVal = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFEE37";\n        HttpMessage msg = createMsg(hashVal);\n        msg.getResponseHeader().addHeader(HttpHeader.CONTENT_TYPE, "text/javascript");\n',
);
add(
  'zaproxy/zap-extensions addOns/pscanrules/src/test/java/org/zaproxy/zap/extension/pscanrules/HashDisclosureScanRuleUnitTest.java',
  [],
  '        // Given - jsessionid cookie\n        String hashVal = "dd6433d07b73fc14a2a4d03c5a8faa90";\n        HttpMessage msg = createMsg("");\n        msg.getResponseHeader().addHeader(HttpHeader.SET_COOKIE, "jsessionid=" + hashVal);\n',
);

// franksprich/code-along-dan-vega-jwt
add(
  'franksprich/code-along-dan-vega-jwt README.md',
  [JWT],
  '```shell\ncurl -X POST http://localhost:8080/token -v --user "frank:password"\n\ncurl -X GET http://localhost:8080/ -v -H "Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJzZWxmIiwic3ViIjoiZnJhbmsiLCJleHAiOjE2NzkzOTEwMDgsImlhdCI6MTY3OTM4NzQwOCwic2NvcGUiOiJyZWFkIn0.Z83mntjJwikQBDQs-f2oFldXPOHT1Ih_1X9BtLDdKjGRrXfCCX0-hHNQPX_qbnvYeuWevhskHdYFRzyxx8PetHMY5SCTt1w45Lnp0hC2VworiwpPVNy-1qrmQ-1oCS5FXE2qFNIC2DB7Vx2z5d7mFBMnZ9b5FDUKj4fWsFoqITp77Q95GYUfGfj3mlc-JpNv1gy1Smw6ebUTsqj7cPm_07SL7Bc7_7tIubCxyqY9ed1UsWpNnLheHwRXR6wFGpi6MeINmVvBs4hKyicIk7R1RzVbpJGenpiC2BIPR2x9I4tfkyK5IRIpsrmyJUN5iT2NAxafhCbr4B-lZB4bm70-aA"\n```\n',
);

// SwinBlackSea/cbdyzj.github.io
add(
  'SwinBlackSea/cbdyzj.github.io language/java/maven/deploy.md',
  [],
  '<servers>\n    <server>\n    <id>default-nexus-release</id>\n    <username>admin</username>\n    <password>admin123</password>\n    </server>\n',
);

// stakater-archive/StakaterCloudDocs-Archived
add(
  'stakater-archive/StakaterCloudDocs-Archived content/sre/repository/07-maven-setup.md',
  [],
  '    <servers>\n        <server>\n        <id>nexus</id>\n        <username>${env.NEXUS_USERNAME}</username>\n        <password>${env.NEXUS_PASSWORD}</password>\n        </server>\n    </servers>\n',
);

// erichiroshi/docker-compose
add(
  'erichiroshi/docker-compose postgres.md',
  [],
  'services:\n  postgres:\n    image: postgres\n    container_name: postgres\n    restart: always\n    environment:\n      POSTGRES_PASSWORD: 123456\n      POSTGRES_USER: postgres\n',
);

// Kr3sZ/GadgetGalaxy
add(
  'Kr3sZ/GadgetGalaxy .env.t',
  [],
  '# MySQL\nMYSQL_ROOT_PASSWORD=""\nMYSQL_DATABASE=""\nMYSQL_USER=""\nMYSQL_PASSWORD=""\n',
);

// AmenZhou/mailgun_python_utils
add(
  'AmenZhou/mailgun_python_utils readme.md',
  [],
  "curl -s --user 'api:YOUR_API_KEY' \\\n    https://api.mailgun.net/v3/YOUR_DOMAIN_NAME/messages \\\n    -F from='Excited User <mailgun@YOUR_DOMAIN_NAME>' \\\n",
);

// eddyizm/cheatsheets
add(
  'eddyizm/cheatsheets linux-bash/curl_template.sh',
  [],
  "curl -s --user 'api:<KEY> \\\n    https://api.mailgun.net/v3/subdomain.domain.com/messages \\\n    -F from='eddyizm <mailgun@subdomain.domain.com>' \\\n",
);

// invad0r/notable-notes
add(
  'invad0r/notable-notes notes/npm.md',
  [],
  'npm set registry "http://$NPM_URL"      # setting registry ..\n\nnpm set //$NPM_URL:_authToken $TOKEN    # setting token ..\n```\n```sh\n# .npmrc\nregistry=https://host/repository/npm-internal/\n_auth=AUTH\nstrict-ssl=false\n',
);

// michael-brux/hello_world_8wK2bP
add(
  'michael-brux/hello_world_8wK2bP docs/pypirc.md',
  [],
  '[pypi]\nusername = __token__\npassword = pypi-YOUR-PRODUCTION-TOKEN-HERE\n\n[testpypi]\nrepository = https://test.pypi.org/legacy/\nusername = __token__\npassword = pypi-YOUR-TEST-TOKEN-HERE\n',
);

// MrLawes/dseagull
add(
  'MrLawes/dseagull release.sh',
  [],
  '# [pypi]repository = https://upload.pypi.org/legacy/\n# username = __token__\n# password = pypi-yours\n',
);

// xwmx/dotfiles
add(
  'xwmx/dotfiles home/.aws/Readme.md',
  [],
  '[default]\naws_access_key_id = <access_key>\naws_secret_access_key = <secret_key>\n',
);

// davidmcnamee/permanent-infra
add(
  'davidmcnamee/permanent-infra readme.md',
  [],
  '[default]\naws_access_key_id=The20CharacterKeyTheyGiveYou\naws_secret_access_key=The40CharacterKeyTheyGiveYou\n',
);

// crunchtime-ali/kubernetes-drivers-license
add(
  'crunchtime-ali/kubernetes-drivers-license kubernetes-drivers-license-1/secrets-and-configmaps/step1.md',
  [],
  '```\nusername=$(echo -n "admin" | base64)\npassword=$(echo -n "mein-test-passwort" | base64)\n```{{execute}}\n',
);

// junchil/kubernetes-cli-cheetsheet
add(
  'junchil/kubernetes-cli-cheetsheet secret.md',
  [],
  'kubectl create secret generic super-secret --from-literal=credential=alice --from-literal=username=bob  \n',
);

// ThopQ/thopq.github.io
add(
  'ThopQ/thopq.github.io docs/clone-repository.md',
  [],
  'git clone https://<username>:<githubtoken>@github.com/<username>/<repositoryname>.git\n',
);

// maxzavalov/marketplace_parser
add(
  'maxzavalov/marketplace_parser config.py',
  [],
  "BOT_TOKEN = os.getenv('BOT_TOKEN', 'YOUR_TELEGRAM_BOT_TOKEN')\n",
);

// google/chrome-ssh-agent
add(
  'google/chrome-ssh-agent go/keys/testdata/data.go',
  [PK],
  '\tValidPrivateKey = `\n-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,3F17234B07052C56268A529F4C96A478\n\nXeoG0rjwABbZUIKitYRmzYCdLd91HN9zu4d32MkKe+qFNueGp/vJyuFSLYthmw24\nRAXxAJ3JE01QGmbeXDrhJR1uuUG/2GtsT2L3jhntxfgMepUOfXuO9YxcO9dd7Qan\nP0Zr9Ry59i4IadHYs6ZXpD06nWHHSM/JPxsosfwdrDJTDebo1eVwHVpoizRsL5Wp\n2V1a5fBQstGXA55X1fjKlDutrtPsin1picqF5/24A6k1WoeMWhX4UpCkDxj0o+Y6\nKMfCipkm/vqKlLHYTLiRruYp7q6zyTKb3Mf+6cVRBwO7DVv1D95nOHkTjymnIsrX\nVgdG5z4OcrRjzw9MM4qwTiNv3Ba42veextWWw6spyiE0uYPVbmPFjzLwSCiAXDqY\nckZ9MtD3RoyPjFBz/D4YbtDR7miXR1dzQz55ibk9aZp3PY0JIk3Tc7vPN7hLhmtd\n2rgIy4jj8D6SKxWxcMX5suceOcUG7DN1LVPl0K1LNrBe3a9uUsL10W6BsyrqHZF2\nX1KiOYI5x2tdlxqSsGUQkmTEIOMPwnb5u/w3d2TvD6p1sgx2z6cRYm1sg/KX1eBy\nwz9zQQXZzvo09kh06XSJECWJ+f7nxHj8vh0LREZpHjU16fq2WE0EqMITcHxBDaaE\nAql4BahWuSOEDHGOmMnjMmlBQRSfdDXkHB9WbxD+e4I0guGyQesP347fCIjqhFBJ\nRyVjAuvqXNVyqjTBhCxqV5aHRuJFIF7e+drdx0Wn3NWSIelSBxe3zJsARd46xeNL\nBqSjKS2Mdetxu2jHLV9RKv0shgeeMzNTl2vXnB6LLeK9grMEHJZfAa8soLtMNb+d\nS2M7O9XCX97iwRa0TdxTuLtETOL8JgUnD8wVlJSG7RmqOXLcpA3rbz45kYHDApLR\nTtLlRrfTBRLYse12j9i8LxkgefME/nqX5YY8ZUGXCIoifFz/fimj9aIwzIHyvvJG\nKlwRQMIg83qTHVqzzgLzfIhmUhFYaB6WaQjW08/9bQUMVh5FnrqHeKAONQMlYbq4\nLF0GsvDjBNbN3sbPPDtYP7skj8zhTcfEKznsQkIlFI98fY7tYIsWDG/B5KXEaJ7h\nW56PKWnYZ4SWoq2k/FFvnFQT5683bpu5Vl0QJDxUYS8h+6KqGIghmYgR9EGsTbsf\nUsJLYJ8Zsh1ZUyOxBvYpqua3tfn3PDIg+UAYf9NI3LkroW7xmkW1CONahGvf1KFn\nxvWhPgmazIpHuzb09dlxO6q6OF6yVDPsatJXNnSFTkRKwrRbQR/hVg+oGwjFtWFS\ndW5FfsFY8ftVQIozCnxUEw3TwDztRkbVXxQ1O4tOjbzhkkFA3H/NukrbLLCEMjDI\n6YoJpONNVsjTVE3Pn+bOc9vuQEpMhITMfvCiI2vqsXMDSYkQNOa/nrvpDGTIEm/w\no038XwjZI5MEPLZlhh69e6jbL3kSsVARD5ahkarLuvUyKpqiInrnUWLHZETwiSH2\nwy+03hJeDFxANxHpz25t87FwzHR4FceteqJXHWoR6XiH805u+2KHCHhv+6nvQCe2\nSQv684pfXIhZ8Lfr13deSx5G8h+ULUDyfHzgheSXWOPyve+wdehAOyh71npHjyXe\n-----END RSA PRIVATE KEY-----`\n\tValidPrivateKeyPassphrase = "secret"\n',
);
add(
  'google/chrome-ssh-agent go/keys/testdata/data.go',
  [PK],
  '\tValidPrivateKeyWithoutPassphrase = `\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAqvs4Aur/N3tFjDvuAqcLQ4BJVHpoqzO/RbwbXSBA5bCmd7rO\n4cy2inJK0oGphOTn6KRxpRJM8Wwl67iZrRYMTgHC357ymzOurMRXN1L1IZNRn4QO\nxBoamuX98pMRpPMyBs6dEQoVJAsLaG7ZTdWGXumvGVkGDdit+6waGBqD7XpVl2Q2\niNZHTuhWvSPPoTyhjiv7Nll7zQVpwmwvu/7qdlGES2SH1P4HmZ3E2Qe2KZ1Yj4RE\nsig4WoUPLg+xv+qA0gUNZEHxiAKy6Rs787msGS3biUXYhmKUG8aRHxjmxZcqhl62\nUnFCzeDQtpovZtlTqtoDZQsZOb3z/1TlxJA8CQIDAQABAoIBAF5FYN6K/uhyOShW\nqqYfv+AZzVScoTUztNQYIOY5sE50FXSSNRreKg8vcP2brAGvzAXDFT20V2QNAuNy\nxphePa6M3gs5sf3MgxSStJu2S52Vgj13LEUHN4AMKvYiDGpsBDsolAUfEATtaf7M\nj1eQ0SNnqLlLEkF0JIlMnJ6JkA/QqrGKbDsIbq0/R2YmF10gS/PAnRnp18vIJ7TX\nN201vBGmI9DsTzqTgJ4dnCY8FNxi0Y6dBpxuPpSRE6v5W221Xf56ce60Zi1JAyjq\nNrUyrhiVu24SOKwIZ5w1e7ZCLvZjSi3hlezhQgCq2fKl4xf2LpbOdh8hkrXqzSub\nyIr5mQECgYEA1v8COltnwnqHip536W4hrjbuiS+w/VznbuU2eAj3zi4DPugib3lX\nXrar8RjTJMPSzV6olIR1D2VyKd3Veiyvi+H+mVPZpfd8OPJRuDU98L26AS0/YAqS\nFbGwRZxLPD9x5VfKm5zO4JoSbveCzXhoPpkBulQt9nE4XjKsf/bzhFECgYEAy5c6\nJGFQzrnIRcEy87VspOXv1UeMNrNWZGtvwP3R+uOsMK23ySiUOx5FSJRK4IuG20RA\nhhIXdWVa7oQfeCbtZSk1yms+3x0T/39p6nLZ2b3nP8WXIsGpjwCk7O52vesAjZgH\ni2HFXJ7AWYR8zzxhBj3OKW2l0cBrmtOi+D1H5jkCgYBzUguO49KPFYw4hXHKawFz\n4hEm0sb7z+ZvrFEAJ8dL95BUIM2/v3Vm31LxGqC+2q7q67g/GaF0pbSL0mqcgvWS\ncaFP+xMGm+4s2YWN6jkUNaBc2zlgOatMKahkXkZYxatBGksaFw08mkgC745gyhIY\naZfsqxSQWQCkPkgax4qtUQKBgQCoEWGoIsYowmm4W/OKCN11i3Rf5z6y8X2CTMbm\n1SKBMW42iVJNN7iWzTh44CKoF8buP/vcMhc3jMJyYJPyBoC3oDuNrNcsLL8TjsWL\nC+EXxZOfq6hGwwUMzoVYKsvPoK7GNRkVUVMyUMONore+BKQ8GM2WmbPn4idymv/Q\nWhZ+0QKBgFaSJH2os/hjuyjtHAXOU8ktvudy7IegEUlNUzX0Xzk4eToDvDQNevad\nSkxRM2/9n4E6QAADUWlLjVgl92W+lLHylDV5baWe+QKMut3vyXjUJYe1ZKYe6zZV\n3wx1s/evfKXpd2Vs4ulNEaVs4nDmZ5zyS7TUp/ByabdkAJ5JnUpR\n-----END RSA PRIVATE KEY-----`\n',
);
add(
  'google/chrome-ssh-agent go/keys/testdata/data.go',
  [],
  '\tValidPrivateKeyWithoutPassphraseBlob = "AAAAB3NzaC1yc2EAAAADAQABAAABAQCq+zgC6v83e0WMO+4CpwtDgElUemirM79FvBtdIEDlsKZ3us7hzLaKckrSgamE5OfopHGlEkzxbCXruJmtFgxOAcLfnvKbM66sxFc3UvUhk1GfhA7EGhqa5f3ykxGk8zIGzp0RChUkCwtobtlN1YZe6a8ZWQYN2K37rBoYGoPtelWXZDaI1kdO6Fa9I8+hPKGOK/s2WXvNBWnCbC+7/up2UYRLZIfU/geZncTZB7YpnViPhESyKDhahQ8uD7G/6oDSBQ1kQfGIArLpGzvzuawZLduJRdiGYpQbxpEfGObFlyqGXrZScULN4NC2mi9m2VOq2gNlCxk5vfP/VOXEkDwJ"\n\tValidPrivateKeyWithoutPassphraseType = "ssh-rsa"\n',
);

// kingToolbox/WindTerm
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_rsa_private_testkey[] =\n        "-----BEGIN RSA PRIVATE KEY-----\\n"\n        "MIIEowIBAAKCAQEArAOREUWlBXJAKZ5hABYyxnRayDZP1bJeLbPVK+npxemrhHyZ\\n"\n        "gjdbY3ADot+JRyWjvll2w2GI+3blt0j+x/ZWwjMKu/QYcycYp5HL01goxOxuusZb\\n"\n        "i+KiHRGB6z0EMdXM7U82U7lA/j//HyZppyDjUDniWabXQJge8ksGXGTiFeAJ/687\\n"\n        "uV+JJcjGPxAGFQxzyjitf/FrL9S0WGKZbyqeGDzyeBZ1NLIuaiOORyLGSW4duHLD\\n"\n        "N78EmsJnwqg2gJQmRSaD4BNZMjtbfiFcSL9Uw4XQFTsWugUDEY1AU4c5g11nhzHz\\n"\n        "Bi9qMOt5DzrZQpD4j0gA2LOHpHhoOdg1ZuHrGQIDAQABAoIBAFJTaqy/jllq8vZ4\\n"\n        "TKiD900wBvrns5HtSlHJTe80hqQoT+Sa1cWSxPR0eekL32Hjy9igbMzZ83uWzh7I\\n"\n        "mtgNODy9vRdznfgO8CfTCaBfAzQsjFpr8QikMT6EUI/LpiRL1UaGsNOlSEvnSS0Z\\n"\n        "b1uDzAdrjL+nsEHEDJud+K9jwSkCRifVMy7fLfaum+YKpdeEz7K2Mgm5pJ/Vg+9s\\n"\n        "vI2V1q7HAOI4eUVTgJNHXy5ediRJlajQHf/lNUzHKqn7iH+JRl01gt62X8roG62b\\n"\n        "TbFylbheqMm9awuSF2ucOcx+guuwhkPir8BEMb08j3hiK+TfwPdY0F6QH4OhiKK7\\n"\n        "MTqTVgECgYEA0vmmu5GOBtwRmq6gVNCHhdLDQWaxAZqQRmRbzxVhFpbv0GjbQEF7\\n"\n        "tttq3fjDrzDf6CE9RtZWw2BUSXVq+IXB/bXb1kgWU2xWywm+OFDk9OXQs8ui+MY7\\n"\n        "FiP3yuq3YJob2g5CCsVQWl2CHvWGmTLhE1ODll39t7Y1uwdcDobJN+ECgYEA0LlR\\n"\n        "hfMjydWmwqooU9TDjXNBmwufyYlNFTH351amYgFUDpNf35SMCP4hDosUw/zCTDpc\\n"\n        "+1w04BJJfkH1SNvXSOilpdaYRTYuryDvGmWC66K2KX1nLErhlhs17CwzV997nYgD\\n"\n        "H3OOU4HfqIKmdGbjvWlkmY+mLHyG10bbpOTbujkCgYAc68xHejSWDCT9p2KjPdLW\\n"\n        "LYZGuOUa6y1L+QX85Vlh118Ymsczj8Z90qZbt3Zb1b9b+vKDe255agMj7syzNOLa\\n"\n        "/MseHNOyq+9Z9gP1hGFekQKDIy88GzCOYG/fiT2KKJYY1kuHXnUdbiQgSlghODBS\\n"\n        "jehD/K6DOJ80/FVKSH/dAQKBgQDJ+apTzpZhJ2f5k6L2jDq3VEK2ACedZEm9Kt9T\\n"\n        "c1wKFnL6r83kkuB3i0L9ycRMavixvwBfFDjuY4POs5Dh8ip/mPFCa0hqISZHvbzi\\n"\n        "dDyePJO9zmXaTJPDJ42kfpkofVAnfohXFQEy+cguTk848J+MmMIKfyE0h0QMabr9\\n"\n        "86BUsQKBgEVgoi4RXwmtGovtMew01ORPV9MOX3v+VnsCgD4/56URKOAngiS70xEP\\n"\n        "ONwNbTCWuuv43HGzJoVFiAMGnQP1BAJ7gkHkjSegOGKkiw12EPUWhFcMg+GkgPhc\\n"\n        "pOqNt/VMBPjJ/ysHJqmLfQK9A35JV6Cmdphe+OIl28bcKhAOz8Dw\\n"\n        "-----END RSA PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_rsa_private_pkcs8_testkey_passphrase[] =\n        "-----BEGIN ENCRYPTED PRIVATE KEY-----\\n"\n        "MIIFLTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQI0RSm1ZXOBD8CAggA\\n"\n        "MAwGCCqGSIb3DQIJBQAwHQYJYIZIAWUDBAECBBBS+59quuIVuxN/H9Wltk8TBIIE\\n"\n        "0J7OhRw35ANRyTU2qhlhS8NATcguoD1J4IMXpXpv38iCBWd2bjxvuWnEu4aBX7iU\\n"\n        "desfz9n6AoTVqURaOMLsv6EFV0tycf+mZsmdUmrD2270Wyj6TtQD8LO/7ibifCeL\\n"\n        "XCCKjxciueSggHp5lnfogZwn8wjSEDP7OqNVRTwm8QKNrE7J5m5giFrjXoyqKM7r\\n"\n        "DBa35UIZAXXY8z9CkI+GsyRtaZik3VD+xHShwUriOYg4x4VGZQLj24tjoUnqU4ml\\n"\n        "iRMhGyYpxN7CnfaIwHJr3T0dmbT/BIXOQ2B6sWakioZeUuA6OTBHbFTUN9TUHaF0\\n"\n        "rDMVmjL6BQcEiWwjvtw/3NLdkcKFjMiLTWA2GL71KPGCecpMmAMjo+ijnxeVhqpQ\\n"\n        "dnhowG92DhCSf/XZI0vaaYflrV54U9PgcSPDFWmTOVe5151Mi8eR9qrCanfyHmX1\\n"\n        "MLXs8Mw6xWedNj8AWLV3JGiWEeAEATuTAQfTqmBZbzaFKfSKp5PZjWxa5bZIomzS\\n"\n        "Q0AsONTeYmKK+Pv95RYlgR2kKqhwy3OmcOuepwnzSeAGh1BdBzd2raoipkq1fpY5\\n"\n        "8e75dJnTGvWfqfh0VXz/Wud+hMz/98Mh6Bnp9l+Ddxpp4RioWB2aH0HM8ZGTlbhf\\n"\n        "r5qFmDY7k+RfDDp7K7UYMA+2hHCxY1aFSHVYGRQKdYdKIugLtKx6YKLeGVCR7Gbm\\n"\n        "l/88qiGshF/qhdFbPb4K0Tz2Ug5uklveOQSkKX6RSZ30IW+N3E4nH/wvyOwbCPk7\\n"\n        "u+iHB2zzk2Hws4O52a0Gqj+RbeGzzhl1D9jH35GMHUsfhDSA3/mmrVC7hiN/Aplt\\n"\n        "2OmKFAkobZh/1UJAHBY9feIhLmQUy9dwy0E8G/0LEyyZYEizDC76jsvbh2cPg3jM\\n"\n        "JsI31qUaGggwh3wB034BvsYIf/ZqLCt8hAXF9U5U7T5y3r6FNNBla8zlj25ILog6\\n"\n        "t/bhOwFKYXamAVYMhhvUiA3YIYuBxT7MrgL7gDtKh3N/DleS/pLjmOFfMI3dfCd0\\n"\n        "KSQX46uw7aFbV0Has9uUuGle9Foq52QFvYnDHWJuIyOvJ5st1Hd3Mjjsl9t3JFVM\\n"\n        "I1aDZ17Z4LoThdezNQKGaAe5z7gGFMKKsm55CMT/7FxvConALeQKGAV6jA5xZzl4\\n"\n        "+QB14YlxlZTxYnXd/69KGV56wP8sb6uMVDC/f5Vd3oHsamJKpPgts8WCn11f9wFn\\n"\n        "Mx8YY/vBVVLQMw1aB+82Vk+Ix8YDYIPj5bJk2BkyCCUnMYkKswUOVzsdUq0xssEp\\n"\n        "PASw0YvQ9mY2aQ9exme99JuAj5t4qIXoYTSrX5iv6NXtzDHgTR1pl9gQQVQ0zAUO\\n"\n        "ZHKZXYAv5rLZKRcyeCLw0LkuthY2QtN3PsBlaRtfwZTaqUbBGbvEkcx5fxdEsasS\\n"\n        "yQkZKBBvIi42LUN9ZzywYNGbOanCZ04p/+QscmmnVGuDMZJyaDRaapW6f0nJQ+lQ\\n"\n        "CaVPRzLKGnHV5hWQDjTaPIh2s9rJSZJ3HyE8qshETHW/vQoYIcVB9TX5TnOY02Ak\\n"\n        "IINKfSZGgz/NBeJItjk30UuTcISk65ekoXZIHHgdxD9iHy9D0w6FXcPNLLsWQn7n\\n"\n        "jS4Bvt0VZ9zVAiyyVO4yAaMgP+saitYpjMgI8g67geD3\\n"\n        "-----END ENCRYPTED PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_rsa_private_openssh_testkey[] =\n        "-----BEGIN OPENSSH PRIVATE KEY-----\\n"\n        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABFwAAAAdz\\n"\n        "c2gtcnNhAAAAAwEAAQAAAQEA1717msM2gKxMJCyF08/xFssCzgrakC9z/cipK4c+\\n"\n        "gKZVz9j4ToeacsWtVXxinuOd4zXmASdETraNwbIV4GV26POqC105G3tIDucYt6+V\\n"\n        "o18Yzhb0UUy6LeXzyzQzr/fk57D5pDZ9IiHsj5363DyMo1rec0llH5DQvKDR8bIk\\n"\n        "rIY6Wyb010g4qbpKVMuNXe44OLlhrqJzExe8rux37h6qu5YW9FpcEqX26gG32AEQ\\n"\n        "XXXHXAEcoYseETFmWalWNtB91bI6vG4ygvjSVxXHtT0YPqnDlkHZVxHouHZMwLx7\\n"\n        "30EcdU485KwWegerYZmbcnm/SLIgdLYNoNCTdlUwBpMaqQAAA7iQHqVWkB6lVgAA\\n"\n        "AAdzc2gtcnNhAAABAQDXvXuawzaArEwkLIXTz/EWywLOCtqQL3P9yKkrhz6AplXP\\n"\n        "2PhOh5pyxa1VfGKe453jNeYBJ0ROto3BshXgZXbo86oLXTkbe0gO5xi3r5WjXxjO\\n"\n        "FvRRTLot5fPLNDOv9+TnsPmkNn0iIeyPnfrcPIyjWt5zSWUfkNC8oNHxsiSshjpb\\n"\n        "JvTXSDipukpUy41d7jg4uWGuonMTF7yu7HfuHqq7lhb0WlwSpfbqAbfYARBddcdc\\n"\n        "ARyhix4RMWZZqVY20H3Vsjq8bjKC+NJXFce1PRg+qcOWQdlXEei4dkzAvHvfQRx1\\n"\n        "TjzkrBZ6B6thmZtyeb9IsiB0tg2g0JN2VTAGkxqpAAAAAwEAAQAAAQAdjR3uQAkq\\n"\n        "LO+tENAwCE680YgL0x7HG0jnHWJWzQq5so8UjmLM1vRH/l3U1Nnpa8JHyi08QTWx\\n"\n        "Fn5qZstqVluoYyAKuHVHF2bya6NOHeYAX9lU+X3z2O+zs8jmL7tYwjr/pZU8ch5H\\n"\n        "25+8uGYRXtXg1mScJBSO81Y0UE8RrVYqr2Os583yB657kYiVYYYSZlRGd9wmfXnJ\\n"\n        "w0t8LaYcTn+i/lOvrJGa0Q0iV6+4rYmjwYd/D/vyNzF31hUEFrn3vDSgTnJdShgH\\n"\n        "VqW0OwNuEDe/4p8KkKR1EVVj6xv4zicwouY7aQI+zT3MwAzvNdvYwytsIj6bhT9x\\n"\n        "oyeAAIW0vaKVAAAAgQD6pPfu6tb7DiTlaH3/IPdGh3PTIf0zXHZ/ygxORXBZdoLY\\n"\n        "Fq2h/YnBd2Hs8vARAjGJYs78gTPP0FVXPV8ut38xct4DQ2hbPMrjWv5gdhDazq8Q\\n"\n        "qaFEa0+DeYONej8ItKwpsV2Rskkv5Pfm7M6EffVty1uzOpIcT8RYDAYUlc5D/wAA\\n"\n        "AIEA+44ykLho3BDWnUzshVEm6iNoqlZqcDVcNSpCuYDnCy5UrTDk0zj+OUG9M0Zx\\n"\n        "4c7kAmu/poXSimgAgMh9GNCzy3+a70WvH+fBqvG5tXLaSOQCswSdQjltANAnlt5L\\n"\n        "YDHzGGJBsS4pYxoz22MKhFbpYUCQJvotXnZJpTQU6hdFRX8AAACBANuNSlFq/vG8\\n"\n        "Vf9c2YsPiITmOrYxpUDMiMLvUGQOdyIIc45EAggOFHNF3AdPZEhinpD92EK+LiJc\\n"\n        "WYJ26muVcicZoddgmpcHRt2gByC+ckWOM4sLpih6EyQLFZfqTx2X+KOI0ZTt7zEi\\n"\n        "zfm1MJUNDFOr3DM0VBIf34Bn1hU/isPXAAAAAAEC\\n"\n        "-----END OPENSSH PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_dsa_private_testkey[] =\n        "-----BEGIN DSA PRIVATE KEY-----\\n"\n        "MIIBuwIBAAKBgQCUyvVPEkn3UnZDjzCzSzSHpTltzr0Ec+1mz/JACjHMBJ9C/W/P\\n"\n        "wvH3yjkfoFhhREvoY7IPnwAu5bcxw8TkISq7YROQ409PqwwPvy0N3GUp/+kKS268\\n"\n        "BIJ+VKN513XRf7eL1e4aHUJ+al9x1JxTmc6T0GBq1lyu+CTUUyh25aNDFwIVAK84\\n"\n        "j20GmU+zewjQwsIXuVb6C/PHAoGAXhuIVsJxUQJ5nWQRLf7o3XEGQ+EcVmHOzMB1\\n"\n        "xCsHjYnpEhhco+r/HDZSD31kzDeAZUycz31WqGL8yXr+OZRLqEsGC7dwEAzPiXDu\\n"\n        "l0zHcl0yiKPrRrLgNJHeKcT6JflBngK7jQRIVUg3F3104fbVa2rwaniLl4GSBZPX\\n"\n        "MpUdng8CgYB4roDQBfgf8AoSAJAb7y8OVvxt5cT7iqaRMQX2XgtW09Nu9RbUIVS7\\n"\n        "n2mw3iqZG0xnG3iv1oL9gwNXMLlf+gLmsqU3788jaEZ9IhZ8VdgHAoHm6UWM7b2u\\n"\n        "ADmhirI6dRZUVO+/iMGUvDxa66OI4hDV055pbwQhtxupUatThyDzIgIVAI1Hd8/i\\n"\n        "Pzsg7bTzoNvjQL+Noyiy\\n"\n        "-----END DSA PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [],
  'static const char torture_rsa_public_testkey[] =\n        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCsA5ERRaUFckApnmEAFjLGdFrIN"\n        "k/Vsl4ts9Ur6enF6auEfJmCN1tjcAOi34lHJaO+WXbDYYj7duW3SP7H9lbCMwq79B"\n        "hzJxinkcvTWCjE7G66xluL4qIdEYHrPQQx1cztTzZTuUD+P/8fJmmnIONQOeJZptd"\n        "AmB7ySwZcZOIV4An/rzu5X4klyMY/EAYVDHPKOK1/8Wsv1LRYYplvKp4YPPJ4FnU0"\n        "si5qI45HIsZJbh24csM3vwSawmfCqDaAlCZFJoPgE1kyO1t+IVxIv1TDhdAVOxa6B"\n        "QMRjUBThzmDXWeHMfMGL2ow63kPOtlCkPiPSADYs4ekeGg52DVm4esZ "\n        "aris@aris-air\\n";\n',
);

// hashicorp/vault
add(
  'hashicorp/vault website/content/docs/secrets/databases/mysql-maria.mdx',
  [PW],
  '   $ vault read database/creds/my-role\n   Key                Value\n   ---                -----\n   lease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\n   lease_duration     1h\n   lease_renewable    true\n   password           yY-57n3X5UQhxnmFRP3f\n   username           v_vaultuser_my-role_crBWVqVh2Hc1\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/mssql.mdx',
  [PW],
  '    $ vault read database/creds/my-role\n    Key                Value\n    ---                -----\n    lease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\n    lease_duration     1h\n    lease_renewable    true\n    password           wJKpk9kg-T1Ma7qQfS8y\n    username           v-vaultuser-my-role-r7kCtKGGr3eYQP1OGR6G-1602542258\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/mssql.mdx',
  [PW],
  '$ vault read azuresql/creds/test\nKey            \tValue\n---            \t-----\nlease_id       \tazuresql/creds/test/2e5b1e0b-a081-c7e1-5622-39f58e79a719\nlease_duration \t1h0m0s\nlease_renewable\ttrue\npassword       \tcZ-BJy-SqO5tKwazAuUP\nusername       \tv-token-test-tr2t4x9pxvq1z8878s9s-1513446795\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/mssql.mdx',
  [],
  '    $ vault write database/config/my-mssql-database \\\n        plugin_name=mssql-database-plugin \\\n        connection_url=\'sqlserver://{{username}}:{{password}}@localhost:1433\' \\\n        allowed_roles="my-role" \\\n        username="vaultuser" \\\n        password="yourStrong(!)Password"\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/mssql.mdx',
  [],
  '$ vault write azuresql/config/testvault \\\n    plugin_name=mssql-database-plugin \\\n    connection_url=\'server=hashisqlserver.database.windows.net;port=1433;user id=admin;password=pAssw0rd;database=test-vault;app name=vault;\' \\\n    allowed_roles="test"\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/mongodb.mdx',
  [PW],
  '    $ vault read database/creds/my-role\n    Key                Value\n    ---                -----\n    lease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\n    lease_duration     1h\n    lease_renewable    true\n    password           LEm-lcDJ2k0Hi05FvizN\n    username           v-vaultuser-my-role-ItceCZHlp0YGn90Puy9Z-1602542024\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/redshift.mdx',
  [PW],
  '    $ vault read database/creds/my-role\n    Key                Value\n    ---                -----\n    lease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\n    lease_duration     1h\n    lease_renewable    true\n    password           FFdcFM1vSFc-9sVhyTPY\n    username           v-vaultuse-my-role-zi0460sr1hwm98qugxu8-1602542706\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/hanadb.mdx',
  [PW],
  '    $ vault read database/creds/my-role\n    Key                Value\n    ---                -----\n    lease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\n    lease_duration     1h\n    lease_renewable    true\n    password           sU4zWnITaABEP-Zwy4sF\n    username           v_vaultuser_my_role_jQbCLE6P2VtgsqPBXK0m_1602541873\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/influxdb.mdx',
  [PW],
  '    $ vault read database/creds/my-role\n    Key                Value\n    ---                -----\n    lease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\n    lease_duration     1h\n    lease_renewable    true\n    password           ux-TAAKTSZex6jgXhe67\n    username           v_vaultuser_my_role_7XjvivMy80m7qQughmbk_1602541922\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/oracle.mdx',
  [PW],
  '    $ vault read database/creds/my-role\n    Key                Value\n    ---                -----\n    lease_id           database/creds/my-role/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6\n    lease_duration     1h\n    lease_renewable    true\n    password           yRUSyd-vPYDg5NkU9kDg\n    username           V_VAULTUSE_MY_ROLE_SJJUK3Q8W3BKAYAN8S62_1602543009\n',
);
add(
  'hashicorp/vault website/content/docs/secrets/databases/oracle.mdx',
  [],
  'vault write database/config/oracle-east \\\n    plugin_name=vault-plugin-database-oracle \\\n    connection_url="{{ username }}/{{ password }}@AWSEAST" \\\n    allowed_roles="my-role" \\\n    username="VAULT_SUPER_USER" \\\n    password="myreallysecurepassword"\n',
);

// kingToolbox/WindTerm
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_rsa_private_testkey_passphrase[] =\n        "-----BEGIN RSA PRIVATE KEY-----\\n"\n        "Proc-Type: 4,ENCRYPTED\\n"\n        "DEK-Info: AES-128-CBC,5375534F40903DD66B3851A0DA03F6FA\\n"\n        "\\n"\n        "m5YYTNOMd1xCKfifwCX4R1iLJoAc4cn1aFiL7f2kBbfE2jF1LTQBJV1h1CqYZfAB\\n"\n        "WtM/7FkQPnKXqsMndP+v+1Xc+PYigE3AezJj/0g7xn/zIBwGjkLAp435AdL5i6Fg\\n"\n        "OhOL8LyolRrcGn17jE4S4iGbzw8PVyfzNzdj0Emwql5F6M7pgLbInRNKM/TF4z2h\\n"\n        "b6Pi9Bw43dwaJ7wiiy/vo/v4MyXsJBoeKbc4VCmxiYFvAYCvVFlDkyIw/QnR3MKQ\\n"\n        "g/Zsk7Pw3aOioxk6LJpZ5x0tO23nXDG1aOZHWykI0BpJV+LIpD2oSYOHJyVO83XT\\n"\n        "RQUMSTXc2K2+ejs0XQoLt/GxDDHe+8W8fWQK3C7Lyvl9oKjmb5sTWi3mdSv0C+zR\\n"\n        "n5KSVbUKNXrjix7qPKkv5rWqb84CKVnCMb7tWaPLR19nQqKVYBIs6v0OTTvS6Le7\\n"\n        "lz4lxBkcUy6vi0tWH9MvLuT+ugdHLJZ4UXBthCgV58pM1o+L+WMIl+SZXckiCAO3\\n"\n        "7ercA57695IA6iHskmr3eazJsYFEVFdR/cm+IDy2FPkKmJMjXeIWuh3yASBk7LBR\\n"\n        "EQq3CC7AioO+Vj8m/fEIiNZJSQ6p0NmgnPoO3rTYT/IobmE99/Ht6oNLmFX4Pr7e\\n"\n        "F4CGWKzwxWpCnw2vVolCFByASmZycbJvrIonZBKY1toU28lRm4tCM6eCNISVLMeE\\n"\n        "VtQ+1PH9/2KZspZl+SX/kjV3egggy0TFKRU8EcYPJFC3Vpy+shEai35KBVo44Z18\\n"\n        "apza7exm3igNEqOqe07hLs3Bjhvk1oS+WhMbAG9ARTOKuyBOJh/ZV9tFMNZ6v+q5\\n"\n        "TofgNcIhNYNascymU1io18xTW9c3RRcmRKqIWnj4EH8o7Aojv/l+zvdV7/GVlR4W\\n"\n        "pR9cuJEiyiEjS46axoc6dSOtdnvag+BpFQb+lGY97F9nNGyBdtLD5ASVh5OVG4fu\\n"\n        "Pf0O7Bdj1kIuBhV8axE/slf6UHANiodeqkR9B24+0Cy+miPiHazzUkbdSJ4r03g5\\n"\n        "J1Y5S8qbl9++sqhQMLMUkeK4pDWh1aocA9bDA2RcBNuXGiZeRFUiqxcBS+iO418n\\n"\n        "DFyWz4UfI/m1IRSjoo/PEpgu5GmosUzs3Dl4nAcf/REBEX6M/kKKxHTLjE8DxDsz\\n"\n        "fn/vfsXV3s0tbN7YyJdP8aU+ApZntw1OF2TS2qS8CPWHTcCGGTab5WEGC3xFXKp0\\n"\n        "uyonCxV7vNLOiIiHdQX+1bLu7ps7GBH92xGkPg7FrNNcMc07soP7jjjB578n9Gpl\\n"\n        "cIDBdgovTRFHiWu3yRspVt0zPfMJB/hqn+IAp98wfvjl8OZM1ZZkejnwXnQil5ZU\\n"\n        "wjEBEtx+nX56vdxipzKoHh5yDXmPbNajBYkg3rXJrLFh3Tsf0CzHcLdHNz/qJ9LO\\n"\n        "wH16grjR1Q0CzCW3FAv0Q0euqkXac+TfuIg3HiTPrBPnJQW1uivrx1F5tpO/uboG\\n"\n        "h28LwqJLYh+1T0V//uiy3SMATpYKvzg2byGct9VUib8QVop8LvVF/n42RaxtTCfw\\n"\n        "JSvUyxoaZUjQkT7iF94HsF+FVVJdI55UjgnMiZ0d5vKffWyTHYcYHkFYaSloAMWN\\n"\n        "-----END RSA PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa256_private_testkey[] =\n        "-----BEGIN EC PRIVATE KEY-----\\n"\n        "MHcCAQEEIBCDeeYYAtX3EnsP0ratwVpNTaA/4K1N6VvHMiUZlVdhoAoGCCqGSM49\\n"\n        "AwEHoUQDQgAEx+9ud88Q5GWtLd+yMtYaapC85g+2ZLp7VtFHA0EbNHqBUQxoh+Ik\\n"\n        "89Mlr7AUxcFPd+kCo+NE6yq/mNQcL7E6iQ==\\n"\n        "-----END EC PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa256_private_testkey_passphrase[] =\n        "-----BEGIN EC PRIVATE KEY-----\\n"\n        "Proc-Type: 4,ENCRYPTED\\n"\n        "DEK-Info: AES-128-CBC,5C825E6FE821D0DE99D8403F4B4020CB\\n"\n        "\\n"\n        "TaUq8Qenb52dKAYcQGIYfdT7Z2DroySk38w51kw/gd8o79ZHaAQv60GtaNoy0203\\n"\n        "2X1o29E6c0WsY9DKhSHKm/zzvZmL+ChZYqqh3sd1gp55aJsHNN4axiIu2YCbCavh\\n"\n        "8VZn2VJDaitLy8ARqA/lMGQfqHSa3EOqti9FzWG/P6s=\\n"\n        "-----END EC PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa256_private_pkcs8_testkey_passphrase[] =\n        "-----BEGIN ENCRYPTED PRIVATE KEY-----\\n"\n        "MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAhvndbkbElTnAICCAAw\\n"\n        "DAYIKoZIhvcNAgkFADAdBglghkgBZQMEAQIEEOu4ierPcQpcA9RJNHUbTCoEgZBe\\n"\n        "iusOkUYp4JZJEIpi98VlqnROzDXHpTTpEGiUDC/k+cuKvoPop5+Jx0qXp+A1NJxu\\n"\n        "kx3j+U0ISGY7J6b2Pqt1msC/FzqpeFM7ybuHDRz+c5ZBONTp8wrs52d5NdjrYguz\\n"\n        "UO6n9+yydSsO0FqbwPaqNZ6goBN0TfhYnToG4ZPJxlHa7gf7Su4KSMYKZdOtfx4=\\n"\n        "-----END ENCRYPTED PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa256_private_openssh_testkey[] =\n        "-----BEGIN OPENSSH PRIVATE KEY-----\\n"\n        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAaAAAABNl\\n"\n        "Y2RzYS1zaGEyLW5pc3RwMjU2AAAACG5pc3RwMjU2AAAAQQTH7253zxDkZa0t37Iy\\n"\n        "1hpqkLzmD7ZkuntW0UcDQRs0eoFRDGiH4iTz0yWvsBTFwU936QKj40TrKr+Y1Bwv\\n"\n        "sTqJAAAAmOuDchHrg3IRAAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAy\\n"\n        "NTYAAABBBMfvbnfPEORlrS3fsjLWGmqQvOYPtmS6e1bRRwNBGzR6gVEMaIfiJPPT\\n"\n        "Ja+wFMXBT3fpAqPjROsqv5jUHC+xOokAAAAgEIN55hgC1fcSew/Stq3BWk1NoD/g\\n"\n        "rU3pW8cyJRmVV2EAAAAA\\n"\n        "-----END OPENSSH PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa384_private_testkey[] =\n        "-----BEGIN EC PRIVATE KEY-----\\n"\n        "MIGkAgEBBDBY8jEa5DtRy4AVeTWhPJ/TK257behiC3uafEi6YA2oHORibqX55EDN\\n"\n        "wz29MT40mQSgBwYFK4EEACKhZANiAARXc4BN6BrVo1QMi3+i/B85Lu7SMuzBi+1P\\n"\n        "bJti8xz+Szgq64gaBGOK9o+WOdLAd/w7p7DJLdztJ0bYoyT4V3B3ZqR9RyGq6mYC\\n"\n        "jkXlc5YbYHjueBbp0oeNXqsXHNAWQZo=\\n"\n        "-----END EC PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa384_private_pkcs8_testkey_passphrase[] =\n        "-----BEGIN ENCRYPTED PRIVATE KEY-----\\n"\n        "MIIBHDBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQIEuMnFkuHkDkCAggA\\n"\n        "MAwGCCqGSIb3DQIJBQAwHQYJYIZIAWUDBAECBBA/fjhqXxV/Dk7cg8XgPxzuBIHA\\n"\n        "TbiloDCPfKKlkm9ZguahtfJOxcVBbMtrFAK2vA/jMXGnbB9Qe13uLl8fTd6QB4tE\\n"\n        "Zbyucq4OA0L2HyhuEsJiLvf0ICX8APrBajNv3B8F7ZStrXx7hcJUg8qTlsbdovYq\\n"\n        "nCjOKoq/F6ax/r1F9Rr5PlXQDoSKDJ3mQkZc4n8VNKFfXOPQ7C4rEYzglSyzGwyQ\\n"\n        "2EwRwnkkJqcYotRyH4JWtXCRak7znLVDeGbavhpP6paSVsK8OpycAoJstfQb0L4q\\n"\n        "-----END ENCRYPTED PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa384_private_openssh_testkey[] =\n        "-----BEGIN OPENSSH PRIVATE KEY-----\\n"\n        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAiAAAABNl\\n"\n        "Y2RzYS1zaGEyLW5pc3RwMzg0AAAACG5pc3RwMzg0AAAAYQRXc4BN6BrVo1QMi3+i\\n"\n        "/B85Lu7SMuzBi+1PbJti8xz+Szgq64gaBGOK9o+WOdLAd/w7p7DJLdztJ0bYoyT4\\n"\n        "V3B3ZqR9RyGq6mYCjkXlc5YbYHjueBbp0oeNXqsXHNAWQZoAAADIITfDfiE3w34A\\n"\n        "AAATZWNkc2Etc2hhMi1uaXN0cDM4NAAAAAhuaXN0cDM4NAAAAGEEV3OATega1aNU\\n"\n        "DIt/ovwfOS7u0jLswYvtT2ybYvMc/ks4KuuIGgRjivaPljnSwHf8O6ewyS3c7SdG\\n"\n        "2KMk+Fdwd2akfUchqupmAo5F5XOWG2B47ngW6dKHjV6rFxzQFkGaAAAAMFjyMRrk\\n"\n        "O1HLgBV5NaE8n9Mrbntt6GILe5p8SLpgDagc5GJupfnkQM3DPb0xPjSZBAAAAAA=\\n"\n        "-----END OPENSSH PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_dsa_private_pkcs8_testkey_passphrase[] =\n        "-----BEGIN ENCRYPTED PRIVATE KEY-----\\n"\n        "MIIBrTBXBgkqhkiG9w0BBQ0wSjApBgkqhkiG9w0BBQwwHAQI8001emUNAOECAggA\\n"\n        "MAwGCCqGSIb3DQIJBQAwHQYJYIZIAWUDBAECBBDgXXvQsVxY6zaAQVwzUwvDBIIB\\n"\n        "UOBQqqJs4rYK6R0rXFitkdUodOK3CdFAKodyCkSC5cgoW2+ht2ndRCepxuKB2X14\\n"\n        "Lvt1CIxPvu1k7bGnd25kePmNF85cJxG9wf0/+6vpptO3fTUdsUKyLcRKDqvxxOMB\\n"\n        "OSqQK1MLgvUxB5uBSGCsKqFkVUPYs46uihfozjqHH2IghHSQr+VczhFDoWtzgcgp\\n"\n        "nRNZiyXN5Thob5WOrL849TSlcaMyI3ssErEVP1G2t3ax5bLQ4AqDddumoRBed/XY\\n"\n        "lad5QGAS2XlwMFj8tR/Spi1fEWfamIsvh23ba5ksb35TT3SUJd2gf2NC7QEz3dUK\\n"\n        "YDSSeRSF24c4nXBsJ94TkVuUujo4X3QSaWQ2anYYBBwfQtrddVNVu95QS2sQGLov\\n"\n        "UWIhq1xXbnL/SGC6E5T1VGnAx3qwfDEZX5tTNzkwqeTZfkrb6vRk+O+Lxt67iP+n\\n"\n        "nw==\\n"\n        "-----END ENCRYPTED PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [],
  'static const char torture_ecdsa384_public_testkey[] =\n        "ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzOD"\n        "QAAABhBFdzgE3oGtWjVAyLf6L8Hzku7tIy7MGL7U9sm2LzHP5LOCrriBoEY4r2j5Y5"\n        "0sB3/DunsMkt3O0nRtijJPhXcHdmpH1HIarqZgKOReVzlhtgeO54FunSh41eqxcc0B"\n        "ZBmg== aris@kalix86";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_dsa_private_openssh_testkey[] =\n        "-----BEGIN OPENSSH PRIVATE KEY-----\\n"\n        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABsQAAAAdz\\n"\n        "c2gtZHNzAAAAgQCUyvVPEkn3UnZDjzCzSzSHpTltzr0Ec+1mz/JACjHMBJ9C/W/P\\n"\n        "wvH3yjkfoFhhREvoY7IPnwAu5bcxw8TkISq7YROQ409PqwwPvy0N3GUp/+kKS268\\n"\n        "BIJ+VKN513XRf7eL1e4aHUJ+al9x1JxTmc6T0GBq1lyu+CTUUyh25aNDFwAAABUA\\n"\n        "rziPbQaZT7N7CNDCwhe5VvoL88cAAACAXhuIVsJxUQJ5nWQRLf7o3XEGQ+EcVmHO\\n"\n        "zMB1xCsHjYnpEhhco+r/HDZSD31kzDeAZUycz31WqGL8yXr+OZRLqEsGC7dwEAzP\\n"\n        "iXDul0zHcl0yiKPrRrLgNJHeKcT6JflBngK7jQRIVUg3F3104fbVa2rwaniLl4GS\\n"\n        "BZPXMpUdng8AAACAeK6A0AX4H/AKEgCQG+8vDlb8beXE+4qmkTEF9l4LVtPTbvUW\\n"\n        "1CFUu59psN4qmRtMZxt4r9aC/YMDVzC5X/oC5rKlN+/PI2hGfSIWfFXYBwKB5ulF\\n"\n        "jO29rgA5oYqyOnUWVFTvv4jBlLw8WuujiOIQ1dOeaW8EIbcbqVGrU4cg8yIAAAHY\\n"\n        "tbI937WyPd8AAAAHc3NoLWRzcwAAAIEAlMr1TxJJ91J2Q48ws0s0h6U5bc69BHPt\\n"\n        "Zs/yQAoxzASfQv1vz8Lx98o5H6BYYURL6GOyD58ALuW3McPE5CEqu2ETkONPT6sM\\n"\n        "D78tDdxlKf/pCktuvASCflSjedd10X+3i9XuGh1CfmpfcdScU5nOk9BgatZcrvgk\\n"\n        "1FModuWjQxcAAAAVAK84j20GmU+zewjQwsIXuVb6C/PHAAAAgF4biFbCcVECeZ1k\\n"\n        "ES3+6N1xBkPhHFZhzszAdcQrB42J6RIYXKPq/xw2Ug99ZMw3gGVMnM99Vqhi/Ml6\\n"\n        "/jmUS6hLBgu3cBAMz4lw7pdMx3JdMoij60ay4DSR3inE+iX5QZ4Cu40ESFVINxd9\\n"\n        "dOH21Wtq8Gp4i5eBkgWT1zKVHZ4PAAAAgHiugNAF+B/wChIAkBvvLw5W/G3lxPuK\\n"\n        "ppExBfZeC1bT0271FtQhVLufabDeKpkbTGcbeK/Wgv2DA1cwuV/6AuaypTfvzyNo\\n"\n        "Rn0iFnxV2AcCgebpRYztva4AOaGKsjp1FlRU77+IwZS8PFrro4jiENXTnmlvBCG3\\n"\n        "G6lRq1OHIPMiAAAAFQCNR3fP4j87IO2086Db40C/jaMosgAAAAABAg==\\n"\n        "-----END OPENSSH PRIVATE KEY-----\\n";\n',
);
add(
  'kingToolbox/WindTerm src/libssh/tests/torture_key.c',
  [PK],
  'static const char torture_ecdsa256_private_openssh_testkey_pasphrase[] =\n        "-----BEGIN OPENSSH PRIVATE KEY-----\\n"\n        "b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABA+\\n"\n        "O0w3yPZF2q0FjVBhQjn2AAAAEAAAAAEAAABoAAAAE2VjZHNhLXNoYTItbmlzdHAy\\n"\n        "NTYAAAAIbmlzdHAyNTYAAABBBMfvbnfPEORlrS3fsjLWGmqQvOYPtmS6e1bRRwNB\\n"\n        "GzR6gVEMaIfiJPPTJa+wFMXBT3fpAqPjROsqv5jUHC+xOokAAACghvb4EX8M06UB\\n"\n        "zigxOn9bg5cZkZ2yWY8jzxtOWH4YJXsuhON/jePDJuI2ro5u4iKFD1u2JLfcshdh\\n"\n        "vKZyjixU9KdewykQQt/wFkrCfNUyCH8jFiQsAqhBfopRFyDJV9pmcUBL/3fJqwut\\n"\n        "ZeBSfA7tXORp3xrwFI1tXiiUCM+/nhxiCsFaCJXeiM3tN+kFtwQ8kamINqwaC8Vj\\n"\n        "lFLKHDfwJQ==\\n"\n        "-----END OPENSSH PRIVATE KEY-----\\n";\n',
);

// YazRaso/RustAuth
add(
  'YazRaso/RustAuth example_env.md',
  [GEN],
  '```env\n# Make sure to replace username, password, endpoint, and database name\nDATABASE_URL=postgres://youruser:yourpass@your.endpoint/dbname\n\n# Private keys are SHA-256 and can be generated with:\n# openssl rand -hex 32\nPRIVATE_KEY=06962f20dfd573613b192fc4a85d44d3e253640a64f79d3da1dda8835269b0e4\n',
);

// npm/redact
add(
  'npm/redact tap-snapshots/test/suite/cli-redact-log.js.test.cjs',
  [JWT],
  'exports[`test/suite/cli-redact-log.js TAP > cliRedactLog_just_authHeaderJwt_basic_auth_header_jwt_HS256_1033 1`] = `\nBasic eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoiTHVrZSBTa3l3YWxrZXIiLCJoZWlnaHQiOiIxNzIiLCJtYXNzIjoiNzciLCJoYWlyX2NvbG9yIjoiYmxvbmQiLCJza2luX2NvbG9yIjoiZmFpciIsImV5ZV9jb2xvciI6ImJsdWUiLCJiaXJ0aF95ZWFyIjoiMTlCQlkiLCJnZW5kZXIiOiJtYWxlIiwiaG9tZXdvcmxkIjoiaHR0cHM6Ly9zd2FwaS5kZXYvYXBpL3BsYW5ldHMvMS8iLCJmaWxtcyI6WyJodHRwczovL3N3YXBpLmRldi9hcGkvZmlsbXMvMi8iLCJodHRwczovL3N3YXBpLmRldi9hcGkvZmlsbXMvNi8iLCJodHRwczovL3N3YXBpLmRldi9hcGkvZmlsbXMvMy8iLCJodHRwczovL3N3YXBpLmRldi9hcGkvZmlsbXMvMS8iLCJodHRwczovL3N3YXBpLmRldi9hcGkvZmlsbXMvNy8iXSwic3BlY2llcyI6WyJodHRwczovL3N3YXBpLmRldi9hcGkvc3BlY2llcy8xLyJdLCJ2ZWhpY2xlcyI6WyJodHRwczovL3N3YXBpLmRldi9hcGkvdmVoaWNsZXMvMTQvIiwiaHR0cHM6Ly9zd2FwaS5kZXYvYXBpL3ZlaGljbGVzLzMwLyJdLCJzdGFyc2hpcHMiOlsiaHR0cHM6Ly9zd2FwaS5kZXYvYXBpL3N0YXJzaGlwcy8xMi8iLCJodHRwczovL3N3YXBpLmRldi9hcGkvc3RhcnNoaXBzLzIyLyJdLCJjcmVhdGVkIjoiMjAxNC0xMi0wOVQxMzo1MDo1MS42NDQwMDBaIiwiZWRpdGVkIjoiMjAxNC0xMi0yMFQyMToxNzo1Ni44OTEwMDBaIiwidXJsIjoiaHR0cHM6Ly9zd2FwaS5kZXYvYXBpL3Blb3BsZS8xLyJ9.fUI9Fnivgo9Xl--PLRzpIeJLRoOUO5iUTXKYUhx0xDw\n`\n',
);
add(
  'npm/redact tap-snapshots/test/suite/cli-redact.js.test.cjs',
  [],
  'exports[`test/suite.js TAP cli redact authHeaderCore basic_auth_header_10 quotes cliRedact > must match snapshot 1`] = `\n"Basic abc123abc1"\n`\n',
);

// exercism/cli
add(
  'exercism/cli utils/utils_test.go',
  [],
  'func TestRedact(t *testing.T) {\n\tfakeToken := "1a11111aaaa111aa1a11111a11111aa1"\n\texpected := "1a11*************************aa1"\n\n\tassert.Equal(t, expected, utils.Redact(fakeToken))\n}\n',
);

// ybiquitous/runners
add(
  'ybiquitous/runners test/sensitive_filter_test.rb',
  [],
  '      filter = new_filter\n      assert_equal "https://[FILTERED]@github.com/foo/bar", filter.mask("https://user:secret@github.com/foo/bar")\n      assert_equal "https://github.com/foo/bar", filter.mask("https://github.com/foo/bar")\n',
);

// RoddieKieley/gpt-app-poc
add(
  'RoddieKieley/gpt-app-poc tests/regression/no-pat-leakage-logs.test.ts',
  [],
  '  const msg = sanitizeForLog({\n    authorization: "Bearer super-secret",\n    pat: "pat-value",\n    token: "token-value",\n  });\n',
);

writeRound(16, samples);
