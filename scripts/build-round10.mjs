#!/usr/bin/env node
// Round 10 of the external sets (src/detect/README.md, "Round 10"): secrets only, from three
// secret scanners' test data no earlier round used: gitleaks' rule test cases (the literal
// `tps`/`fps` strings of cmd/generate/config/rules/*.go; cases generated at random when the
// tests run are left out), whispers' test fixtures (one line or block per sample) and the
// patches of ggshield's unit tests. Every text below is copied from its source (named per
// sample). Labels follow the corpus rules: an obvious placeholder, a variable reference, a
// template, an empty value or an identifier (ids, hashes, ARNs, public keys) is a negative; a
// real-looking credential is a positive even when the source marks it as a dummy in its value
// ("HARDcoded", "FAKE") or keeps it quiet with a `gitleaks:allow` comment. The split is the
// corpus rule: the first byte of the SHA-256 of the text, even to external10-dev.jsonl (tuned
// on), odd to heldout/external10-heldout.jsonl (scored once).
import { writeRound } from './round-split.mjs';

const GL = 'gitleaks/gitleaks cmd/generate/config/rules';
const WH = 'Skyscanner/whispers tests/fixtures';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });
const gl = (file, labels, text) => add(`${GL}/${file}`, labels, text);
const wh = (file, labels, text) => add(`${WH}/${file}`, labels, text);

const AK = 'secret.aws_access_key';
const AS = 'secret.aws_secret_key';
const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const JWT = 'secret.jwt';
const GH = 'secret.github_token';
const GRAF = 'secret.grafana_token';

// gitleaks generic.go: the literal true positives (one per key name) and false positives.
const G = 'generic.go';
gl(G, [GEN], `'access_token': 'eyJ0eXAioiJKV1slS3oASx=='`);
gl(G, [GEN], `"user_auth": "am9obmRvZTpkMDY5NGIxYi1jMTcxLTQ4ODYt+TMyYS0wMmUwOWQ1/mIwNjc="`);
gl(G, [GEN], `"credentials" : "0afae57f3ccfd9d7f5767067bc48b30f719e271ba470488056e37ab35d4b6506"`);
gl(
  G,
  [GEN],
  `"client_secret" : "6da89121079f83b2eb6acccf8219ea982c3d79bccc3e9c6a85856480661f8fde",`,
);
gl(G, [GEN], ` utils.GetEnvOrDefault("api_token", "dafa7817-e246-48f3-91a7-e87653d587b8")`);
gl(G, [], `"accessor":"rA1wk0Y45YCufyfq",`);
gl(G, [], `report_access_id: e8e4df51-2054-49b0-ab1c-516ac95c691d`);
gl(G, [], `accessibilityYesOptionId = "0736f5ef-7e88-499a-80cc-90c85d2a5180"`);
gl(G, [], `MantleAPI_version=9a038989604e8da62ecddbe2094b16ce1b778be1`);
gl(G, [], `credentialsId: 'ff083f76-7804-4ef1-80e4-fe975bb9141b'`);
gl(G, [], `  "credentialId": "B9mTcFSck2LzJO2S3ols63",`);
gl(G, [], `public_key = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"`);
gl(G, [], `publicToken = "9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit"`);
gl(G, [], `                                "kms_key_id": "555ea4a3-d53a-4412-9c66-3a7cb667b0d6",`);
gl(G, [], `const keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"`);
gl(G, [], `LLM_SECRET_NAME = "NEXUS-GPT4-API-KEY"`);
gl(G, [], `  <UserSecretsId>79a3edd0-2092-40a2-a04d-dcb46d5ca9ed</UserSecretsId>`);
gl(G, [], `clientId = "73082700-1f09-405b-80d0-3131bfd6272d"`);
gl(G, [], `GITHUB_API_KEY=\nDYNATRACE_API_KEY=`);
gl(G, [], `snowflake.password=\njdbc.snowflake.url=`);
gl(G, [], `SRCREV_moby = "43fc912ef59a83054ea7f6706df4d53a7dea4d80"`);
gl(
  G,
  [],
  'LIC_FILES_CHKSUM = "file://${WORKDIR}/license.html;md5=5c94767cedb5d6987c902ac850ded2c6"',
);
gl(G, [], `  keyVaultToStoreSecrets: cmp2-qat-1208358310`);
gl(G, [], `PuttyPassword=0`);

// gitleaks curl.go: basic auth with -u/--user, then tokens in headers. A curl password is
// `secret.password`; a header value with no vendor format is `secret.generic_api_key`.
const C = 'curl.go';
gl(
  C,
  [PW],
  "sh-5.0$ curl -k -X POST https://infinispan:11222/rest/v2/caches/default/hello \\\n  -H 'Content-type: text/plain' \\\n  -d 'world' \\\n  -u developer:yqDVtkqPECriaLRi",
);
gl(C, [PW], `curl -u ":d2LkV78zLx!t" https://localhost:9200`);
gl(C, [PW], `curl -u "d2LkV78zLx!t:" https://localhost:9200`);
gl(
  C,
  [PW],
  `curl -sw '%{http_code}' -X POST --user  'johns:h0pk1ns~21s' $GItHUB_API_URL/$GIT_COMMIT --data`,
);
gl(
  C,
  [PW],
  `curl --user roger23@gmail.com:pQ9wTxu4Fg https://www.dropbox.com/cli_link?host_id=abcdefg -v`,
);
gl(
  C,
  [PW],
  `curl -s --user 'api:d2LkV78zLx!t' \\\n    https://api.mailgun.net/v2/sandbox91d3515882ecfaa1c65be642.mailgun.org/messages`,
);
gl(C, [PW], `curl -s -v --user "j.smith:dB2yF6@qL9vZm1P#4J" "https://api.contoso.org/user/me"`);
gl(
  C,
  [PW],
  `curl --user kevin:'pRf7vG2h1L8nQkW9' -iX PATCH -H "Content-Type: application/json" -d`,
);
gl(
  C,
  [PW],
  `$ curl https://api.dropbox.com/oauth2/token \\\n  --user c28wlsosanujy2z:qgsnai0xokrw4j1 --data grant_type=authorization_code`,
);
gl(C, [GEN], `curl --header  'Authorization:  5eb4223e-5008-46e5-be67-c7b8f2732305'`);
gl(
  C,
  [GEN],
  `curl -k -X POST --header "Authorization: Basic djJlNEpYa0NJUHZ5a2FWT0VRXzRqZmZUdDkwYTp2emNBZGFzZWpmlWZiUDc2VUJjNDNNVDExclVh" "https://api-qa.example.com:8243/token" -d "grant_type=client_credentials"`,
);
gl(
  C,
  [GEN],
  `curl -X POST -H "Content-Type: application/json" \\\n -H "Authorization: Basic MzUzYjMwMmM0NDU3NGY1NjUwNDU2ODdlNTM0ZTdkNmE6Mjg2OTI0Njk3ZTYxNWE2NzJhNjQ2YTQ5MzU0NTY0NmM=" \\\n  -d '{"user":{"emailAddress":"test@example.com"}, "password":"password"}' \\\n  'http://localhost:8080/oauth2-provider/v1.0/users'`,
);
gl(
  C,
  [GEN],
  `# curl -X GET "http://localhost:3000/api/cron/status" -H "Authorization: Bearer cfcabd11c7ed9a41b1a3e063c32d5114"`,
);
gl(
  C,
  [GEN],
  `curl -X PUT -H 'Authorization: Bearer jC+6TUUjCNHcVtAXpcqBCgxnA8r+qD6MatnYaf/+289y7HWpK0BWPyLHv/K4DMN32fufwmeVVjlo8zjgBh8kx3GfS6IqO70w1DVMSCTwX7fhEpiXaxzv0mhSMHDX9Kw63Q6DkavUWUV+MDNhCF5wGQrcdQNncVRF3YkuDHDT/xw2YWyZ/DX8k+gAYiC8gcD8Ueg0ljBVS1IDwPjuGoFPESJVxYr0MDPF2D8Pn2S5rq692U4D9ZLuluS46VA4DK6ig5P7QM5XVXi4V7vXM8qpN/zqneyz+w4PUh6NIX7QG6JczMhYd9maWRWVat5jDdyII63P6sNAy9QZjw+ClW211Q==' -d 'user={"account":"user@domain.com", "roles":["user"]}' http://127.0.0.1:8443/desks/1/occupy`,
);
gl(
  C,
  ['secret.openai_key'],
  `curl https://api.openai.com/v1/chat/completions \\\n  -H "Content-Type: application/json" \\\n  -H "Authorization: Bearer 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" \\`,
);
gl(
  C,
  [GEN],
  `curl -X GET "https://api.cloudflare.com/client/v4/user/tokens/verify" \\\n     -H "Authorization: Bearer _FXNljbSRYMWx3TWrd7lgKhLtVZX6iskC8Wcbb4b" \\\n     -H "Content-Type:application/json"`,
);
gl(C, [GEN], `curl -H "Authorization: Bearer sha256~bRLFnzd59Z3XpZH5_seJPHALOuvbWiKwbFKSsoALkgp"`);
gl(
  C,
  [GEN],
  `curl -H "Authorization: Api-Token 22cb987851bc5659l29114c62e60c79abd0d2c08" --request PUT https://appsecclass.report/api/use/635`,
);
gl(
  C,
  [GEN],
  `curl -H "Authorization: Token 22cb987851bc5659229114c62e60c79abd0d2c08" --request PUT https://appsecclass.report/api/use/635`,
);
gl(
  C,
  [JWT],
  `curl -L -H "Authorization:eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJjb25maWRlbmNlIjowLjh9.kvRPfjAhLhtRTczoRgctVGp7KY1QVH3UBZM-gM0x8ec" service1.local -> correct jwt `,
);
gl(
  C,
  [GEN],
  `curl -X GET \\\n     -H "apikey: c4ed6c21-9dd5-4a05-8e3f-c56d1151cce8" \\\n     -H "Accept: application/json" \\`,
);
gl(C, [GEN], `curl -X POST --header "Api-Token: Sk94HG7f6KB"`);
gl(
  C,
  [GEN],
  `curl -XPOST http://localhost:8080/api/tasks -H "Content-Type: application/x-www-form-urlencoded; charset=UTF-8" -H "Token: 3fea6af1349166ea" -d "content=hello-curl"`,
);
gl(
  C,
  [GEN],
  `curl -X GET https://octopus.corp.net/\n     -H "X-Octopus-ApiKey: 3a16750d-d363-41a4-8ebd-035408f7730f" \\`,
);
gl(C, [], `curl -i -u 'test:test'`);
gl(C, [], `   curl -sL --user "$1:$2" "$3" > "$4"`);
gl(C, [], `curl -u <user:password> https://test.com/endpoint`);
gl(C, [], `curl --user neo4j:[PASSWORD] http://[IP]:7474/db/data/`);
gl(C, [], `curl -u "myusername" http://localhost:15130/api/check_user/`);
gl(C, [], 'curl -u "${_username}:${_password}"');
gl(C, [], 'curl -k -X POST -I -u "SRVC_JENKINS:${APPID}"');
gl(C, [], `curl --user "xxx:yyy"`);
gl(C, [], 'curl -XGET -i -u "${{ env.ELK_ID }}:${{ build.env.ELK_PASS }}"');
gl(C, [], `curl -X POST --user "$(cat ./login.txt):$(cat ./password.txt)"`);
gl(C, [], `curl http://127.0.0.1:5000/file --user user:pass --digest        # digest auth`);
gl(C, [], 'curl --silent --insecure --user ${f5user}:${f5pass} \\');
gl(
  C,
  [],
  `curl https://example.com/micropub -d h=entry -d "content=Hello World" -H "Authorization: Bearer XXXXXXXXXXXX"`,
);
gl(
  C,
  [],
  `curl -X POST https://accounts.spotify.com/api/token -d grant_type=client_credentials --header "Authorization: Basic ..."`,
);
gl(
  C,
  [],
  `curl \\\n  -H "Authorization: Bearer <Openverse API token>" \\\n  "https://api.openverse.org/v1/audio/?q=test"`,
);
gl(
  C,
  [],
  `curl -X GET -H "Content-Type: application/json" -H "Authorization: Bearer $(gcloud auth print-access-token)" https://workflowexecutions.googleapis.com/v1/projects/244283331594/locations/us-central1/workflows/sample-workflow/executions/43c925aa-514a-44c1-a0a4-a9f8f26fd2cb/callbacks/1705791f-d446-4e92-a6d0-a13622422e80_31864a51-8c13-4b03-ad4d-945cdc8d0631`,
);

// gitleaks kubernetes.go: a Secret manifest with a base64 password (the password is
// S!B\*d$zDsb=) and manifests whose values are templates or external references.
const K = 'kubernetes.go';
gl(
  K,
  [PW],
  `apiVersion: 'v1'\nkind: 'Secret'\ndata:\n\tpassword: 'UyFCXCpkJHpEc2I9'\n\tusername: 'YWRtaW4='\nmetadata:\n\tname: 'db-user-pass'\n\tnamespace: 'default'\ntype: 'Opaque'`,
);
gl(
  K,
  [],
  `apiVersion: v1\n data:\n \tpassword: {{ .Values.Password }}\n kind: secret\n metadata:\n \tname: secret-sa-sample\n \tannotations:\n \t\tkubernetes.io/service-account.name: 'sa-name'`,
);
gl(
  K,
  [],
  `apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: api-key\n  namespace: my-namespace\nspec:\n  secretStoreRef:\n    kind: ClusterSecretStore\n    name: aws-secretsmanager\n  refreshInterval: 1h\n  target:\n    creationPolicy: Owner\n  data:\n    - secretKey: api-key\n      remoteRef:\n        key: my-secrets-manager-secret`,
);
gl(
  K,
  [],
  `apiVersion: v1            \nkind: Secret              \nmetadata:                 \n  name: registry-auth-data\ntype: Opaque              \ndata:                     \n  htpasswd: ''\n`,
);

// gitleaks azure.go: Azure AD client secrets (no type of their own: generic) under several
// syntaxes, and the rule's false positives.
const AZ = 'azure.go';
gl(AZ, [GEN], `AUTH_CLIENTSECRET = _V28Q~IC8qxmlWNpHuDm34JlbKv9LXV5MvUR3a-P`);
gl(AZ, [GEN], `<value xsi:type="xsd:string">~Gg8Q~nVhlLi2vpg_nXBGqFsbGK-t~Hus1JmTa0y</value>`);
gl(AZ, [GEN], `"CLIENT_SECRET": "YYz7Q~Sudoqwap1PnzEBA3zqBK~i5uesDIv.C"`);
gl(
  AZ,
  [GEN],
  `Set-PSUAuthenticationMethod -Type 'OpenIDConnect' -CallbackPath '/auth/oidc' -ClientId 'fake' -ClientSecret '2Vq7Q~q5VgKljZ7cb3.0sp0Apz.vOjRIPyeTr'`,
);
gl(AZ, [GEN], `client-secret: "t028Q~-aLbmQuinnZtzbgtlEAYstnBWEmGPAoBm"`);
gl(
  AZ,
  [GEN],
  `"cas.authn.azure-active-directory.client-secret=qHF8Q~PCM5HhMoyTFc5TYEomnzR6Kim9UJhe8a.P",`,
);
gl(AZ, [GEN], `(use the client secret: QtT8Q~9C-_Ij~RouHVpD2Tuf3oHWGh.DQ3kcjbAn)`);
gl(AZ, [], `client_secret=bP88Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`);
gl(
  AZ,
  [],
  `@ar = split("~", "965f1453~47~09414c93e4cef985416f472549220827da3ba6fed8ad28e29ef6ad170ad53a69051e9b06f439ef6da5df8670181f7eb2481650");`,
);
gl(AZ, [], `'#!/registries/5/portainer.demo~2Fportainerregistrytesting~2Falpine',`);

// gitleaks hashicorp.go: a Terraform Cloud token and a Terraform password field.
const HC = 'hashicorp.go';
gl(
  HC,
  [GEN],
  `#token = "hE1hlYILrSqpqh.atlasv1.ARjZuyzl33F71WR55s6ln5GQ1HWIwTDDH3MiRjz7OnpCfaCb1RCF5zGaSncCWmJdcYA"`,
);
gl(HC, [PW], `administrator_login_password = "thisIsDog11"`);
gl(
  HC,
  [],
  `token        = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"`,
);
gl(HC, [], `administrator_login_password = var.db_password`);
gl(HC, [], 'password = "${aws_db_instance.default.password}"');

// gitleaks heroku.go: Heroku API keys (UUID and HRKU-AA forms; generic) and its dummy.
const HK = 'heroku.go';
gl(HK, [GEN], `heroku_api_key = "832d2129-a846-4e27-99f4-7004b6ad53ef"`);
gl(HK, [GEN], `const KEY = "HRKU-AAlQ1aVoHDujJ9QsDHdHlHO0hbzhoERRSO45ZQusSYHg_____w4_hLrAym_u""`);
gl(HK, [GEN], `API_Key = "HRKU-AAy9Ppr_HD2pPuTyIiTYInO0hbzhoERRSO93ZQusSYHgaD7_WQ07FnF7L9FX"`);
gl(HK, [], `const HEROKU_KEY = "12345678-ABCD-ABCD-ABCD-1234567890AB"`);

// gitleaks jwt.go: signed tokens in logs, JSON, comments and command lines.
const J = 'jwt.go';
gl(
  J,
  [JWT],
  `python examples/cli.py eyJhbGciOiJIUzI1NiJ9.eyJJc3N1ZXIiOiJJc3N1ZXIiLCJVc2VybmFtZSI6IkJhZFNlY3JldHMiLCJleHAiOjE1OTMxMzM0ODMsImlhdCI6MTQ2NjkwMzA4M30.ovqRikAo_0kKJ0GVrAwQlezymxrLGjcEiW_s3UJMMCo`,
);
gl(
  J,
  [JWT],
  `"Authorization": "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VybmFtZTpib2IifQ.HcfCW67Uda-0gz54ZWTqmtgJnZeNem0Q757eTa9EZuw"`,
);
gl(
  J,
  [JWT],
  `"value": "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjE1ODk1ODU1NjN9.PtfDS1niGoZ7pV6kplI-_q1fVKLnknQ3IwcrLZhoVCU",`,
);
gl(
  J,
  [JWT],
  `//                  authorization: 'eyJhbGciOiJIUzUxMiIsImlhdCI6MTU3Njk5Njc5OSwiZXhwIjoxNTg0ODU5MTk5fQ.eyJ1aWQiOjQ1NzQyN30.0ei5UE6OgLBzN2_IS7xUIbIfW_S1Wzl42q2UeusbboxuzvctO_4Mz6YRr6f0PBLUVZMETxt8F0_4-yqIJ3_kUQ',`,
);
gl(
  J,
  [JWT],
  `2020/11/04 21:08:40 Access Token:\n\t\t"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyX2lkIjoiYTAwYzI3ZDEtYjVhYS00NjU0LWFmMTYtYjExNzNkZTY1NjI5Iiwicm9sZXMiOlsiYWRtaW4iXSwiaWF0IjoxNjA0NTE2OTIwLCJleHAiOjE2MDQ1MTc4MjAsImp0aSI6IjYzNmVmMDc0LTE2MzktNGJhZi1hNGNiLTQ4ZDM4NGMxMzliYSIsImlzcyI6Im15YXBwIn0.T9B0zG0AHShO5JfQgrMQBlToH33KHgp8nLMPFpN6QmM"`,
);
gl(
  J,
  [JWT],
  `"authorization": "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiZ3Vlc3QiLCJzdWIiOiJZV3hwWTJVPSIsIm5iZiI6MTUxNDg1MTEzOSwiZXhwIjoxNjQxMDgxNTM5fQ.K5DnnbbIOspRbpCr2IKXE9cPVatGOCBrBQobQmBmaeU"`,
);

// gitleaks aws.go, gcp.go, github.go: the literal key and the false positives.
gl('aws.go', [AK], 'AKIALALEMEL33243OLIB');
gl('aws.go', [], 'key = AKIAXXXXXXXXXXXXXXXX');
gl('aws.go', [], 'aws_access_key: AKIAIOSFODNN7EXAMPLE');
gl('aws.go', [], 'TODAYINASIAASACKOFRICEFELLOVER');
gl('aws.go', [], 'msgstr "Näytä asiakirjamallikansio."');
gl('gcp.go', [], 'apiKey: "AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"');
gl('gcp.go', [], 'AIZASYCO2CXRMC9ELSKLHLHRMBSWDEVEDZTLO2O');
gl('gcp.go', [], 'AIzaTesb6Tscfcni8vIpWZqNCXFDFslJtVSvFDqabcd123');
gl('github.go', [], 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
gl(
  'github.go',
  [],
  'github_pat_xxxxxxxxxxxxxxxxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
);
gl('database.go', [], 'DB_PASSWORD=[value]');
gl('database.go', [], 'somepwd=XXXXXXXXXXXXXXX');

// gitleaks 1password.go and anthropic.go: 1Password service account tokens and the white
// paper's secret key; placeholders (alphabet runs, X runs, a redacted or cut token).
const OP = '1password.go';
gl(
  OP,
  ['secret.onepassword_token'],
  'PYTEST_SVC_ACCT_TOKEN=ops_eyJzaWduSW5BZGRyZXNzIjoiemFjaC1hbmQtbGVhbm5lLjFwYXNzd29yZC5jb20iLCJ1c2VyQXV0aCI6eyJtZXRob2QiOiJTUlBnLTQwOTYiLCJhbGciOiJQQkVLMmctSFMyNTYiLCJpdGVyYXRpb25zIjo2NTAwMDAsInNhbHQiOiJlYUZRQmNVemJyTHhnM2d4bHFQLVVBIn0sImVtYWlsIjoiMm9iNGRpeDdiNTdrYUAxcGFzc3dvcmRzZXJ2aWNlYWNjb3VudHMuY29tIiwic3JwWCI6ImVmZDY4YjNhZTkwMmRjZjRiMzEzYjE5MjYwZmY0OGUzMjU2ZDlhOGNkM2JmMmY3YzI2YzU1ZWJkNjZlZGU4NWEiLCJtdWsiOnsiYWxnIjoiQTI1NkdDTSIsImV4dCI6dHJ1ZSwiayI6IlMwaGE0SDhqbEhRblJCWmxvYnBmR1BneERmbS1pRGNkZWY0bFdYU0VSbmMiLCJrZXlfb3BzIjpbImRlY3J5cHQiLCJlbmNyeXB0Il0sImt0eSI6Im9jdCIsImtpZCI6Im1wIn0sInNlY3JldEtleSI6IkEzLUdHOUVRNi1LUzQ0QVctQU5QVkYtUkdQTDktQlNKUTMtR1NHR0giLCJ0aHJvdHRsZVNlY3JldCI6eyJzZWVkIjoiN2I0OTMxMmJiOTlkZTFiNjU5ODZkYzIzOWU4YWNmZWMxMTU0M2E2OGQxYmYwMjZmZTgzMjg3NWYxNmJlOWY2NiIsInV1aWQiOiJDV1RHQ0hMNlNWRkdSTlg0SzNENUJVSDZDSSJ9LCJkZXZpY2VVdWlkIjoiMnFld3JpaGtqbmt1Zmh6ZGdmZ2hnNmM1cGUifQ',
);
gl(
  OP,
  ['secret.onepassword_token'],
  '### 1Password System Vault Name\nexport OP_SERVICE_ACCOUNT_TOKEN=ops_eyJzaWduSW5BZGRyZXNzIjoibXkuMXBhc3N3b3JkLmNvbSIsInVzZXJBdXRoIjp7Im1ldGhvZCI6IlNSUGctNDA5NiIsImFsZyI6IlBCRVMyZy1IUzI1NiIsIml0ZXJhdGlvbnMiOjY1MdAwMCwic2FsdCI6InE2dE0tYzNtRDhiNUp2OHh1YVzsUmcifSwiZW1haWwiOiJ5Z3hmcm0zb21oY3NtQDFwYXNzd29yZHNlcnZpY2VhY2NvdW50cy5jb20iLCJzcnBYIjoiM2E5NDdhZmZhMDQ5NTAxZjkxYzk5MGFiY2JiYWRlZjFjMjM5Y2Q3YTMxYmI1MmQyZjUzOTA2Y2UxOTA1OTYwYiIsIm11ayI6eyJhbGciOiJBMjU2R0NNIiwiZXh0Ijp0cnVlLCJrIjoiVVpleERsLVgyUWxpa0VqRjVUUjRoODhOd29ZcHRqSHptQmFTdlNrWGZmZyIsImtleV9vcHMiOlsiZW5jcnlwdCIsImRlY3J5cHQiXSwia3R5Ijoib2N0Iiwia2lkIjoibXAifSwic2VjcmV0S2V5IjoiQTMtNDZGUUVNLUVZS1hTQS1NUU0yUy04U0JSUS01QjZGUC1HS1k2ViIsInRocm90dGxlU2VjcmV0Ijp7InNlZWQiOiJjZmU2ZTU0NGUxZTlmY2NmZjJlYjBhYWZmYTEzNjZlMmE2ZmUwZDVlZGI2ZTUzOTVkZTljZmY0NDY3NDUxOGUxIiwidXVpZCI6IjNVMjRMNVdCNkpFQ0pEQlhJNFZOSTRCUzNRIn0sImRldmljZVV1aWQiOiJqaGVlY3F4cm41YTV6ZzRpMnlkbjRqd3U3dSJ9\n',
);
gl(OP, [GEN], 'A3-ASWWYB-798JRY-LJVD4-23DC2-86TVM-H43EB');
gl(OP, [], 'A3-XXXXXX-XXXXXXXXXXX-XXXXX-XXXXX-XXXXX');
gl(
  OP,
  [],
  '        login:\n          serviceAccountToken:\n            fn::secret: ops_eyJzaWduSW5B..[Redacted]',
);
const AN = 'anthropic.go';
gl(
  AN,
  [],
  'sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56aaaogaopaaaabc123xyzAA',
);
gl(AN, [], 'anthropic_token = "sk-ant-oat01-tooShort"');

// gitleaks slack.go: bot, user, app-level, configuration and legacy tokens in JSON (the
// examples gitleaks took from Nosey Parker's rule file, which round 8 used, are left out), and
// the placeholders.
const SL = 'slack.go';
const SLACK = 'secret.slack_token';
gl(SL, [SLACK], `"bot_token3": "xoxb-4614724432022-5152386766518-O5WzjWGLG0wcCm2WPrjEmnys"`);
gl(
  SL,
  [SLACK],
  `"user_token5": "xoxp-4614724432022-4621207627011-5182682871568-1ddad9823e8528ad0f4944dfa3c6fc6c"`,
);
gl(
  SL,
  [SLACK],
  `"token2": "xapp-1-IEMF8IMY1OQ-4037076220459-85c370b433e366de369c4ef5abdf41253519266982439a75af74a3d68d543fb6"`,
);
gl(
  SL,
  [SLACK],
  `"access_token2": "xoxe.xoxp-1-Mi0yLTMxNzcwMjQ0MTcxMy0zNjU5NDY0Njg4MTctNTE1ODE1MjY5MTcxNC01MTU4MDI0MTgyOTc5LWRmY2YwY2U4ODhhNzY5ZGU5MTAyNDU4MDJjMGQ0ZDliMTZhMjNkMmEyYzliNjkzMDRlN2VjZTI4MWNiMzRkNGQ"`,
);
gl(
  SL,
  [SLACK],
  `"refresh_token2": "xoxe-1-My0xLTM0MTQwNDE0MDE3Ni01MTgyMDc1NDk2MDgwLTU0MjQ1NjIwNzgxODEtNGJkYTZhYTUxY2M1ODk3ZTNkN2YzMTgxMDI1ZDQzNzgwNWY4NWQ0ODdhZGIzM2ViOGI0MTM0MjdlNGVmYzQ4Ng"`,
);
gl(SL, [SLACK], `"bot_token5": "xoxb-312554961652-uSmliU84rFhnUSBq9YdKh6lS"`);
gl(SL, [SLACK], `"access_token4": "xoxs-4829527689-4829527691-4814341714-d0346ec616"`);
gl(
  SL,
  [SLACK],
  String.raw`"url_private": "https:\/\/files.slack.com\/files-pri\/T04MCQMEXQ9-F04MAA1PKE3\/image.png?t=xoxe-4726837507825-4848681849303-4856614048758-e0b1f3d4cb371f92260edb0d9444d206"`,
);
gl(SL, [], `"token2": "xoxp-XXXXXXXXXX-XXXXXXXXXX-XXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"`);
gl(SL, [], `"token3": "xoxp-1234-1234-1234-4ddbc191d40ee098cbaae6f3523ada2d"`);
gl(SL, [], `"token4": "xoxp-572370529330-573807301142-572331691188-####################"`);
gl(SL, [], 'xoxb-Slack_BOT_TOKEN');
gl(SL, [], 'xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere');
gl(SL, [], 'https://github.com/xoxa-nyc/xoxa-nyc.github.io/blob/master/README.md');
gl(SL, [], 'https://indieweb.org/images/3/35/2018-250-xoxo-indieweb-1.jpg');

// gitleaks hashicorp_vault.go: Vault service and batch tokens, and its false positives.
const HV = 'hashicorp_vault.go';
const VAULT = 'secret.vault_token';
gl(HV, [VAULT], 'token: s.ZC9Ecf4M5g9o34Q6RkzGsj0z');
gl(
  HV,
  [VAULT],
  '-vaultToken hvs.CAESIP2jTxc9S2K7Z6CtcFWQv7-044m_oSsxnPE1H3nF89l3GiYKHGh2cy5sQmlIZVNyTWJNcDRsYWJpQjlhYjVlb1cQh6PL8wEYAg"',
);
gl(
  HV,
  [VAULT],
  'hvb.AAAAAQJgxDgqsGNorpoOR7hPZ5SU-ynBvCl764jyRP_fnX7WvkdkDzGjbLNGdPdtlY33Als2P36yDZueqzfdGw9RsaTeaYXSH7E4RYSWuRoQ9YRKIw8o7mDDY2ZcT3KOB7RwtW1w1FN2eDqcy_sbCjXPaM1iBVH-mqMSYRmRd2nb5D1SJPeBzIYRqSglLc31wUGN7xEzyrKUczqOKsIcybQA',
);
gl(HV, [], 's.AcceptanceTimeoutSeconds ');
gl(HV, [], 's.makeKubeConfigController = args');
gl(HV, [], 's.THISSTRINGISALLUPPERCASE');
gl(HV, [], "  credentials: new AWS.SharedIniFileCredentials({ profile: '<YOUR_PROFILE>' })");

// gitleaks privatekey.go, aws_secret.go, datafactory.go: keys without a name around them.
const PK = 'secret.private_key';
gl(
  'privatekey.go',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAVwAAAAdzc2gtcnNhAAAAAwEAAQAAAEEAqPfgaTEWEP3S9w0tgsicURfo+nLW09/0KfOPinhYZ4ouzU+3xC4plEp8Ut9FgL0AgqNslNaK34Kq+NZjO9DAQAAATB+9/CSfvfwkgAAAAdzc2gtcnNhAAAAQQCo9+BpMRYQ/dL3DS2CyJxRF+j6ctbT3/Qp84+KeFhnii7NT7fELilKUSnxS30WAvQCCo2yU1orfgqr41mM70MBAAAAAwEAAQAAAEAgkuLEHLaqkWhLgNKagSajeobLS3rPT0Agm0f7k55FXVt743hwNgkp98bMNrzy9AQ1mJGbQZGrpr4c8ZAx3aRNAAAAIBOs/5OiPgoTdSy7bcF9IGpSE8ZgGKzgYQVZeN97YE00AAAAIQCjEr8yAZ54u6Lfzkontk5iS2OEsE0AHr18rBNkWxQ2HQAAACEBCUEaRQnMnbp79mxDXDf6AU0cN/RPBjb9qSHDcWZHGzUAAAAXcGhwc2VjbGliLWdlbmVyYXRlZC1rZXkBAgME\n-----END PRIVATE KEY-----',
);
gl(
  'privatekey.go',
  [PK],
  'MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQJAIJLixBy2qpFoS4DSmoEmo3qGy0t6z09AIJtH+5OeRV1be+N4cDYJKffGzDa88vQENZiRm0GRq6a+HPGQMd2kTQIhAKMSvzIBnni7ot/OSie2TmJLY4SwTQAevXysE2RbFDYdAiEBCUEaRQnMnbp79mxDXDf6AU0cN/RPBjb9qSHDcWZHGzUCIG2Es59z8ugGrDY+pxLQnwfotadxd+Uyv/Ow5T0q5gIJAiEAyS4RaI9YG8EWx/2w0T67ZUVAw8eOMB6BIUg0Xcu+3okCIBOs/5OiPgoTdSy7bcF9IGpSE8ZgGKzgYQVZeN97Y==',
);
gl('aws_secret.go', [AS], 'lbqlNh3FW5/3AwnBoWsYIJam9w2Us4ZOH5Un8RyR');
gl(
  'datafactory.go',
  [GEN],
  'IR@40040abc-b2f2-8tyg-ab39-90a490zzzaae@adf-myapp-001@we@uUY/w9WdKTdAWWPDMrEEWdAEZIgeXlrO51GtVUR1/BE=',
);

// gitleaks mcp_credential.go: MCP client configuration files with env credentials, and the
// placeholder files.
const MCP = 'mcp_credential.go';
gl(
  MCP,
  ['secret.linear_key'],
  '{\n  "mcpServers": {\n    "linear": {\n      "command": "npx",\n      "args": ["-y", "@linear/mcp-server"],\n      "env": {\n        "LINEAR_API_KEY": "lin_api_aW5DAFiyMK53ad1fLJpQz9hT8sbVx2RcEoHN"\n      }\n    }\n  }\n}',
);
gl(
  MCP,
  [GEN],
  '{\n  "mcpServers": {\n    "custom": {\n      "command": "node",\n      "args": ["./server.js"],\n      "env": {\n        "MCP_SERVER_TOKEN": "sktok_R7kQp2vN4bH9wL3mZ8xY1jF6cT5dG0sA"\n      }\n    }\n  }\n}',
);
gl(
  MCP,
  [],
  '{\n  "mcpServers": {\n    "linear": {\n      "env": {\n        "LINEAR_API_KEY": "YOUR_LINEAR_API_KEY_HERE"\n      }\n    }\n  }\n}',
);
gl(
  MCP,
  [],
  '{\n  "mcpServers": {\n    "linear": {\n      "env": {\n        "LINEAR_API_KEY": "${LINEAR_API_KEY}"\n      }\n    }\n  }\n}',
);
gl(
  MCP,
  [],
  '{\n  "mcpServers": {\n    "linear": {\n      "env": {\n        "LINEAR_API_KEY": "<your-linear-key>"\n      }\n    }\n  }\n}',
);

// ggshield (GitGuardian/ggshield, tests/unit/conftest.py): the patches its scan tests use,
// as the Python strings evaluate (a backslash at a line end joins the lines).
const GG = 'GitGuardian/ggshield tests/unit/conftest.py';
const gg = (labels, text) => add(GG, labels, text);
gg(
  [PW],
  '+FacebookAppKeys :\n+String docker run --name geonetwork -d             -p 8080:8080 -e MYSQL_HOST=google.com             -e MYSQL_PORT=5434 -e MYSQL_USERNAME=root             -e MYSQL_PASSWORD=m42ploz2wd geonetwork\n',
);
gg([GH], '@@ -0,0 +1 @@\n+github_token: 368ac3edf9e850d1c0ff9d6c526496f8237ddf91\n');
gg(
  [GEN],
  '@@ -0,0 +1 @@\n+FacebookAppId = 294790898041575; FacebookAppSecret = ce3f9f0362bbe5ab01dfc8ee565e4372;\n\n',
);
gg(
  [PK],
  '@@ -0,0 +1,29 @@\n+PrivateKeyRsa:\n+- text: -----BEGIN RSA PRIVATE KEY-----\n+MIIBOgIBAAJBAIIRkYjxjE3KIZiEc8k4sWWGNsPYRNE0u0bl5oFVApPLm+uXQ/4l\n+bKO9LFtMiVPy700oMWLScwAN5OAiqVLMvHUCAwEAAQJANLr8nmEWuV6t2hAwhK5I\n+NNmBkEo4M/xFxEtl9J7LKbE2gtNrlCQiJlPP1EMhwAjDOzQcJ3lgFB28dkqH5rMW\n+TQIhANrCE7O+wlCKe0WJqQ3lYlHG91XWyGVgfExJwBDsAD9LAiEAmDY5OSsH0n2A\n+22tthkAvcN1s66lG+0DztOVJ4QLI2z8CIBPeDGwGpx8pdIicN/5LFuLWbyAcoZaT\n+bLaA/DCNPniBAiA0l//bzg+M3srIhm04xzLdR9Vb9IjPRlkvN074zdKDVwIhAKJb\n+RF3C+CMFb0wXme/ovcDeM1+3W/UmSHYUW4b3WYq4\n+-----END RSA PRIVATE KEY-----',
);
gg(
  ['secret.sendgrid_key'],
  '+sg_key = "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";\n',
);
gg(
  [],
  'commit 9537b6343a81f88d471e93f20ffb2e2665bbab00\nAuthor: GitGuardian Owl <owl@example.com>\nDate:   Thu Aug 18 18:20:21 2022 +0200\n\nA message\n\n:000000 100644 0000000 e965047 A\0test\0\0diff --git a/test b/test\nnew file mode 100644\nindex 0000000..b80e3df\n--- /dev/null\n+++ b/test\n@@ -0,0 +1 @@\n+this is a patch without secret\n',
);

// whispers: fixture lines. Values that are a word and a counter (`hardcoded3`) are left out;
// real-looking tokens with "HARDcoded" in them are positives, the fixtures' compliant lines
// (templates, references, empty or null values, identifiers) negatives.
wh('gitkeys.yml', [GH], '  personal: ghp_fK8UXjzPM1Lzf356hwgGym4JAfnHARDcoded');
wh('gitkeys.yml', [GH], '  server: ghs_fK8UXjzPM1Lzf356hwgGym4JAfnHARDcoded');
wh('gitkeys.yml', [], '  name: GHP_THISISASTRINGTHATHASTHESAMELENASTOKE');
wh(
  'grafanatokens.yml',
  [GRAF],
  '  grafana_service_account_token: glsa_Q0tTx59W5f7LXgxiM4MjJs7hardcoded_e5c6b96d',
);
wh(
  'grafanatokens.yml',
  [GRAF],
  '  grafana_cloud_api_token: glc_eyJrIjoiZjI0YzZkNGEwZDBmZmZjMmUzNTU2ODcxMmY0ZWZlNTQ1NTljMDFjOCIsIm4iOiJteXRva2VuIiwhardcoded',
);
wh(
  'grafanatokens.yml',
  [GRAF],
  '  grafana_api_key: eyJrIjoiR0ZXZmt1UFc0OEpIOGN5RWdUalBJTllUTk83VlhtVGwiLCJuIjoiYXBpa2V5Y3VybCIsIhardcoded==',
);
wh('.npmrc', ['secret.npm_token'], '//localhost:4873/:_authToken=U2t5c2Nhbm5lciB3MDAwhardcoded');
wh('.npmrc', [], '//registry.npmjs.org/:_authToken=${NPM_TOKEN}');
wh('.npmrc', [], '//registry.npmjs.org/:_authToken={NPM_TOKEN}');
wh(
  '.npmrc',
  [],
  '//artifactory.jfrog.com/artifactory/api/npm/npm/:_authToken=eyFake1.eyJFake2.Fake3.hardcoded',
);
wh('aws.yml', [AS], 'aws_key: PA3XsxZ8d8cPQLmnZzFAKEdzC6ND2a8vhbyXU/Dw');
wh(
  'aws.yml',
  [GEN],
  'aws_token: FakeYXdzELv//////////wEldj3948yOJRO84jgpoip239232hEOHhfkjhefkwue97jorhfiuh+XjFC9Je/YG7JCqKjrspab2lB+7/Fb1NJFjgwur47Dbhs/L7nh+/VGnwLoAo8CIqoPBLRmXItaoiuuofZnr+ktihZk1Yi55sYZ12hfRMPVbDmhf9Ke683+e9bJirhUEghw9424JOhgwrgqq99MvzCEFe4eXPOSgAcQcD2xqnnKO738tjhoh23HFqjflhefibWegfqefgqUF12hvgfwegqf',
);
wh(
  'aws.yml',
  [],
  '# Compliant\naws_id: "{{ AWS ID }}"\naws_key: "${AWS_KEY}"\ncommit_id: 912ec803b2ce49e4a541068d495ab57000000000\nrole: arn:aws:iam::123456789000:role/role-name',
);
wh('java.properties', [GEN], 'api.key=dGhpc2lzYWhhcmRjb2RlZHN0cmluZzpECghardcoded03');
wh(
  'java.properties',
  [],
  '# Compliant\nbaseDN=LDAP\nusername=admin\npassword=\nsonar.jdbc.password=\napi.key=',
);
wh(
  'apikeys.json',
  [],
  '  "compliant": {\n    "key": "test",\n    "api_endpoint": "/apikey/"\n  },',
);
wh('passwords.yml', [], 'MasterUserPassword: !Ref \'MasterUserPassword\'\ndb_password: "null"');
wh(
  'placeholders.yml',
  [],
  'compliant:\n  password: password\n  environment:\n    - DB_PASSWORD=DB_PASSWORD\n  MasterUserPassword: <% PASSWORD_HERE %>\n  TRAVEL_API_KEY: TRAVEL_API_KEY',
);
wh('uri.yml', [], '  - "jdbc:mysql://localhost/authority?user=admin&userpass="');
wh('uri.yml', [], '  - "https://this-is-not-a-password.com"');
wh('webhooks.yml', [], '    slack-webhook: https://hooks.slack.com/services/');
wh(
  'jdbc.xml',
  [],
  '        connectionURL="jdbc:mysql://localhost/authority?user=dbuser&amp;password={{pwd}}"',
);
wh(
  'connection.config',
  [],
  '      <value>\n        Database=webstore;Server=localhost;Uid=root;Password=;\n      </value>',
);
wh('language.py', [], 'password = secrets["password"]');
wh('language.py', [], 'os.getenv("PASSWORD", "")');
wh('language.py', [], 'format_password = f"prefix_{dynamic_value3}"');
wh(
  'language.py',
  [],
  'data = {"login": login, "password": new_password, "previousPassword": password}',
);
wh(
  'language.go',
  [],
  '\tvar variable_password5 = "{{ THIS_IS_A_VERY_LONG_A_PLACEHOLDER_FOR_PASSWORD }}"',
);
wh('language.php', [], 'define("dynamic_password", load_password());');
wh('language.php', [], '$variable_password3 = "${password}";');

const out = writeRound(10, samples);
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
