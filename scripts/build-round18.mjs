#!/usr/bin/env node
// Round 18 of the external sets (src/detect/README.md, "Round 18"): secrets only, from
// repositories no earlier round used, favouring the places keys sit in libraries, SDKs and
// CI/CD tools' own test data rather than vendors' API docs (round 17). Sources, by kind:
// - key and token fixtures of signing libraries: golang/crypto's SSH test keys (DSA, EC,
//   RSA, PKCS#8, OpenSSH, encrypted PEM and OpenSSH; ssh/testdata/keys.go), Keats/jsonwebtoken
//   (Rust), golang-jwt/jwt (Go), jwt-dotnet/jwt (C#: an HMAC secret, tokens, an XML RSA key),
//   mpdavis/python-jose, firebase/php-jwt and lcobucci/jwt (PHP: base64 HMAC keys, EC/RSA key
//   files), jwtk/jjwt (Java: EC, EdDSA and X25519/X448 keys), nov/json-jwt (Ruby), and
//   lepture/authlib (Python);
// - cloud SDKs' and CI/CD tools' fixtures: googleapis/google-auth-library-nodejs (an AWS
//   session credential, a service-account key), googleapis/google-auth-library-java (an OAuth
//   client secret and refresh token), argoproj/argo-cd's e2e fixtures (SSH host keys, a Git
//   password, an htpasswd hash), symfony/demo's `.env` (placeholders only);
// - security analysers' own test cases: SonarSource's sonar-python (S6418, entropy-based
//   secrets), sonar-java (S2068, hard-coded passwords) and sonar-iac (Docker ENV secrets),
//   MobSF/mobsfscan (a long hex key), and the published test cases of alexwhin/redactum, a
//   redaction library (docs/api/test-cases/*.md: almost all of them alphabet runs, 0000 and
//   word passwords, so they are this round's hard negatives; its rules are its own, not another
//   scanner's copy).
// Every text is copied from its source (named per sample), cut to contiguous lines around
// the value; no value was edited. No positive value here appears in an earlier round's files
// (checked by grepping test/fixtures/detect/ for each value's 20+ character pieces), and a
// value of 16+ characters appears in one text only (checked across the two halves after
// building; google-auth-library-nodejs' second AWS fixture, whose secret shares 36 characters
// with the first, and the repeated uses of one value in a file were left out). Labels follow the
// written convention (test/fixtures/detect/readers/CONVENTION.md). Choices this round needed:
// every private key with a body is `secret.private_key`, encrypted PEM and OpenSSH keys and
// X25519/X448 key-agreement keys included, and so is jwt-dotnet's XML `<RSAKeyValue>` key
// (it carries the private exponent `<D>`); a raw base64 EdDSA private key passed to a key
// constructor (lcobucci's `Keys.php`) and base64 HMAC keys are `secret.generic_api_key` (no
// PEM body, so not the private-key type); a JWT split over concatenated literals is still
// `secret.jwt`; a JWT whose signature does not verify (golang-jwt's invalid ES256 case,
// php-jwt's bad signature encoding) is still a JWT; an OAuth client secret and refresh token
// are `secret.generic_api_key`; a value under `Password:` in Go code is `secret.password`; a
// hex key under `KEY` (mobsfscan) is `secret.generic_api_key`; an AWS session credential is both
// AWS types. Negatives: public keys, JWK public parameters, SSH certificates and X.509
// certificates, a certificate thumbprint, an HMAC signature, an apr1 htpasswd hash, `${VAR}`
// references and paths, values whose words say they are not secrets (`not enough entropy`,
// `ThisIsSomethingThatShouldProbablyBeSecret`, `privatekey2`, `awsSecretAccessKey`,
// `secretpassword123456`, a pangram passphrase; the passphrases beside golang/crypto's
// encrypted keys, `r54-G0pher_t3st$` and `qG0pher-dsa_t3st$`, spell gopher and test, so they
// are not labelled either), `!ChangeMe!`, user-equals-password and word
// passwords (`postgres:postgres`, `Password123`, `sonar123`, `P@ssw0rd!`), and redactum's runs
// (`sk_live_1234567890abcdef...`, `ghp_abcdefghijklmnopqrstuvwxyz...`, `xoxb-123456789012-...`,
// `AIzaSyAbcdefghijklmnopqrstuvwxyz1234567`, a PayPal id ending in the alphabet). Two of
// redactum's cases read as live and are positives: a Google API key with no run in it and a
// PostgreSQL URL whose password is random (`u$k9!fR2`). Left out rather than argued: jwt-dotnet's
// second secret (`QWORIJkmQWEDIHbjhOIHAUSDFOYnUGWEYT`, a keyboard mash), tokens with a
// word for a signature (`.wrong`, `.S`, `.redacted`), the RFC 7515 example token in
// golang-jwt's HMAC tests, RSA/EC JWKs carrying `d` (the convention names no JWK form), and
// docker/awesome-compose's one-line `password.txt` files (a bare value cannot stand alone).
// Private keys dominate the positives (44 of 81 labels) because the libraries' fixtures are
// where keys sit; JWTs are next (22). The split is the corpus rule: the first byte of the
// SHA-256 of the text, even to external18-dev.jsonl (tuned on), odd to
// heldout/external18-heldout.jsonl (scored once).

import { writeRound } from './round-split.mjs';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });

const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const PK = 'secret.private_key';
const JWT = 'secret.jwt';
const CONN = 'secret.connection_string';
const GCP = 'secret.gcp_api_key';
const AWS_ID = 'secret.aws_access_key';
const AWS_SECRET = 'secret.aws_secret_key';

// golang/crypto
const GO_KEYS = 'golang/crypto ssh/testdata/keys.go';
add(
  GO_KEYS,
  [PK],
  `var PEMBytes = map[string][]byte{
	"dsa": []byte(\`-----BEGIN DSA PRIVATE KEY-----
MIIBuwIBAAKBgQD6PDSEyXiI9jfNs97WuM46MSDCYlOqWw80ajN16AohtBncs1YB
lHk//dQOvCYOsYaE+gNix2jtoRjwXhDsc25/IqQbU1ahb7mB8/rsaILRGIbA5WH3
EgFtJmXFovDz3if6F6TzvhFpHgJRmLYVR8cqsezL3hEZOvvs2iH7MorkxwIVAJHD
nD82+lxh2fb4PMsIiaXudAsBAoGAQRf7Q/iaPRn43ZquUhd6WwvirqUj+tkIu6eV
2nZWYmXLlqFQKEy4Tejl7Wkyzr2OSYvbXLzo7TNxLKoWor6ips0phYPPMyXld14r
juhT24CrhOzuLMhDduMDi032wDIZG4Y+K7ElU8Oufn8Sj5Wge8r6ANmmVgmFfynr
FhdYCngCgYEA3ucGJ93/Mx4q4eKRDxcWD3QzWyqpbRVRRV1Vmih9Ha/qC994nJFz
DQIdjxDIT2Rk2AGzMqFEB68Zc3O+Wcsmz5eWWzEwFxaTwOGWTyDqsDRLm3fD+QYj
nOwuxb0Kce+gWI8voWcqC9cyRm09jGzu2Ab3Bhtpg8JJ8L7gS3MRZK4CFEx4UAfY
Fmsr0W6fHB9nhS4/UXM8
-----END DSA PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"ecdsa": []byte(\`-----BEGIN EC PRIVATE KEY-----
MHcCAQEEINGWx0zo6fhJ/0EAfrPzVFyFC9s18lBt3cRoEDhS3ARooAoGCCqGSM49
AwEHoUQDQgAEi9Hdw6KvZcWxfg2IDhA7UkpDtzzt6ZqJXSsFdLd+Kx4S3Sx4cVO+
6/ZOXRnPmNAlLUqjShUsUBBngG0u2fqEqA==
-----END EC PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"ecdsap256": []byte(\`-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIAPCE25zK0PQSnsgVcEbM1mbKTASH4pqb5QJajplDwDZoAoGCCqGSM49
AwEHoUQDQgAEWy8TxGcIHRh5XGpO4dFVfDjeNY+VkgubQrf/eyFJZHxAn1SKraXU
qJUjTKj1z622OxYtJ5P7s9CfAEVsTzLCzg==
-----END EC PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"ecdsap384": []byte(\`-----BEGIN EC PRIVATE KEY-----
MIGkAgEBBDBWfSnMuNKq8J9rQLzzEkx3KAoEohSXqhE/4CdjEYtoU2i22HW80DDS
qQhYNHRAduygBwYFK4EEACKhZANiAAQWaDMAd0HUd8ZiXCX7mYDDnC54gwH/nG43
VhCUEYmF7HMZm/B9Yn3GjFk3qYEDEvuF/52+NvUKBKKaLbh32AWxMv0ibcoba4cz
hL9+hWYhUD9XIUlzMWiZ2y6eBE9PdRI=
-----END EC PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"ecdsap521": []byte(\`-----BEGIN EC PRIVATE KEY-----
MIHcAgEBBEIBrkYpQcy8KTVHNiAkjlFZwee90224Bu6wz94R4OBo+Ts0eoAQG7SF
iaygEDMUbx6kTgXTBcKZ0jrWPKakayNZ/kigBwYFK4EEACOhgYkDgYYABADFuvLV
UoaCDGHcw5uNfdRIsvaLKuWSpLsl48eWGZAwdNG432GDVKduO+pceuE+8XzcyJb+
uMv+D2b11Q/LQUcHJwE6fqbm8m3EtDKPsoKs0u/XUJb0JsH4J8lkZzbUTjvGYamn
FFlRjzoB3Oxu8UQgb+MWPedtH9XYBbg9biz4jJLkXQ==
-----END EC PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"rsa": []byte(\`-----BEGIN RSA PRIVATE KEY-----
MIICXAIBAAKBgQC8A6FGHDiWCSREAXCq6yBfNVr0xCVG2CzvktFNRpue+RXrGs/2
a6ySEJQb3IYquw7HlJgu6fg3WIWhOmHCjfpG0PrL4CRwbqQ2LaPPXhJErWYejcD8
Di00cF3677+G10KMZk9RXbmHtuBFZT98wxg8j+ZsBMqGM1+7yrWUvynswQIDAQAB
AoGAJMCk5vqfSRzyXOTXLGIYCuR4Kj6pdsbNSeuuRGfYBeR1F2c/XdFAg7D/8s5R
38p/Ih52/Ty5S8BfJtwtvgVY9ecf/JlU/rl/QzhG8/8KC0NG7KsyXklbQ7gJT8UT
Ojmw5QpMk+rKv17ipDVkQQmPaj+gJXYNAHqImke5mm/K/h0CQQDciPmviQ+DOhOq
2ZBqUfH8oXHgFmp7/6pXw80DpMIxgV3CwkxxIVx6a8lVH9bT/AFySJ6vXq4zTuV9
6QmZcZzDAkEA2j/UXJPIs1fQ8z/6sONOkU/BjtoePFIWJlRxdN35cZjXnBraX5UR
fFHkePv4YwqmXNqrBOvSu+w2WdSDci+IKwJAcsPRc/jWmsrJW1q3Ha0hSf/WG/Bu
X7MPuXaKpP/DkzGoUmb8ks7yqj6XWnYkPNLjCc8izU5vRwIiyWBRf4mxMwJBAILa
NDvRS0rjwt6lJGv7zPZoqDc65VfrK2aNyHx2PgFyzwrEOtuF57bu7pnvEIxpLTeM
z26i6XVMeYXAWZMTloMCQBbpGgEERQpeUknLBqUHhg/wXF6+lFA+vEGnkY+Dwab2
KCXFGd+SQ5GdUcEMe9isUH6DYj/6/yCDoFrXXmpQb+M=
-----END RSA PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"ed25519": []byte(\`-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACA+3f7hS7g5UWwXOGVTrMfhmxyrjqz7Sxxbx7I1j8DvvwAAAJhAFfkOQBX5
DgAAAAtzc2gtZWQyNTUxOQAAACA+3f7hS7g5UWwXOGVTrMfhmxyrjqz7Sxxbx7I1j8Dvvw
AAAEAaYmXltfW6nhRo3iWGglRB48lYq0z0Q3I3KyrdutEr6j7d/uFLuDlRbBc4ZVOsx+Gb
HKuOrPtLHFvHsjWPwO+/AAAAE2dhcnRvbm1AZ2FydG9ubS14cHMBAg==
-----END OPENSSH PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"rsa-openssh-format": []byte(\`-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAlwAAAAdzc2gtcn
NhAAAAAwEAAQAAAIEAwa48yfWFi3uIdqzuf9X7C2Zxfea/Iaaw0zIwHudpF8U92WVIiC5l
oEuW1+OaVi3UWfIEjWMV1tHGysrHOwtwc34BPCJqJknUQO/KtDTBTJ4Pryhw1bWPC999Lz
a+yrCTdNQYBzoROXKExZgPFh9pTMi5wqpHDuOQ2qZFIEI3lT0AAAIQWL0H31i9B98AAAAH
c3NoLXJzYQAAAIEAwa48yfWFi3uIdqzuf9X7C2Zxfea/Iaaw0zIwHudpF8U92WVIiC5loE
uW1+OaVi3UWfIEjWMV1tHGysrHOwtwc34BPCJqJknUQO/KtDTBTJ4Pryhw1bWPC999Lza+
yrCTdNQYBzoROXKExZgPFh9pTMi5wqpHDuOQ2qZFIEI3lT0AAAADAQABAAAAgCThyTGsT4
IARDxVMhWl6eiB2ZrgFgWSeJm/NOqtppWgOebsIqPMMg4UVuVFsl422/lE3RkPhVkjGXgE
pWvZAdCnmLmApK8wK12vF334lZhZT7t3Z9EzJps88PWEHo7kguf285HcnUM7FlFeissJdk
kXly34y7/3X/a6Tclm+iABAAAAQE0xR/KxZ39slwfMv64Rz7WKk1PPskaryI29aHE3mKHk
pY2QA+P3QlrKxT/VWUMjHUbNNdYfJm48xu0SGNMRdKMAAABBAORh2NP/06JUV3J9W/2Hju
X1ViJuqqcQnJPVzpgSL826EC2xwOECTqoY8uvFpUdD7CtpksIxNVqRIhuNOlz0lqEAAABB
ANkaHTTaPojClO0dKJ/Zjs7pWOCGliebBYprQ/Y4r9QLBkC/XaWMS26gFIrjgC7D2Rv+rZ
wSD0v0RcmkITP1ZR0AAAAYcHF1ZXJuYUBMdWNreUh5ZHJvLmxvY2FsAQID
-----END OPENSSH PRIVATE KEY-----\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"p256-openssh-format": []byte(\`-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAaAAAABNlY2RzYS
1zaGEyLW5pc3RwMjU2AAAACG5pc3RwMjU2AAAAQQSN5Ld/DFy8LJK0yrWg+Ryhq4/ifHry
QyCQeT4UXSB+UGdRct7kWA0hARbTaSCh+8U/Gs5O+IkDNoTKVsgxKUMQAAAAsO3C7nPtwu
5zAAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBI3kt38MXLwskrTK
taD5HKGrj+J8evJDIJB5PhRdIH5QZ1Fy3uRYDSEBFtNpIKH7xT8azk74iQM2hMpWyDEpQx
AAAAAhAIHB48R+goZaiXndfYTrwk4BT1+MeLPC2/dwe0J5d1QDAAAAE21hcmlhbm9AZW5k
b3IubG9jYWwBAgME
-----END OPENSSH PRIVATE KEY-----\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"p384-openssh-format": []byte(\`-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAiAAAABNlY2RzYS
1zaGEyLW5pc3RwMzg0AAAACG5pc3RwMzg0AAAAYQTZb2VzEPs2NN/i1qHddKTVfwoIq3Tf
PeQ/kcWBvuCVJfIygvpm9MeusawEPuLSEXwiNDew+YHZ9xHIvFjCmZsLuEOzuh9t9KotwM
57H+7N+RDFzhM2j8hAaOuT5XDLKfUAAADgn/Sny5/0p8sAAAATZWNkc2Etc2hhMi1uaXN0
cDM4NAAAAAhuaXN0cDM4NAAAAGEE2W9lcxD7NjTf4tah3XSk1X8KCKt03z3kP5HFgb7glS
XyMoL6ZvTHrrGsBD7i0hF8IjQ3sPmB2fcRyLxYwpmbC7hDs7ofbfSqLcDOex/uzfkQxc4T
No/IQGjrk+Vwyyn1AAAAMQDg0hwGKB/9Eq+e2FeTspi8QHW5xTD6prqsHDFx4cKk0ccgFV
61dhFhD/8SEbYlHzEAAAATbWFyaWFub0BlbmRvci5sb2NhbAECAwQ=
-----END OPENSSH PRIVATE KEY-----\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"p521-openssh-format": []byte(\`-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAArAAAABNlY2RzYS
1zaGEyLW5pc3RwNTIxAAAACG5pc3RwNTIxAAAAhQQBKzI3QSp1a2e1zMulZl1uFF1Y2Dnv
LSIwEu837hOV1epYEgNveAhGNm57TuBqYtnZeVfd2pzaz7CKX6N4B33N1XABQ5Ngji7lF2
dUbmhNqJoMh43ioIsQNBaBenhmRpYP6f5k8P/7JZMIsLhkJk2hykb8maSZ+B3PYwPMNBdS
vP+0sHQAAAEYIsr2CCLK9ggAAAATZWNkc2Etc2hhMi1uaXN0cDUyMQAAAAhuaXN0cDUyMQ
AAAIUEASsyN0EqdWtntczLpWZdbhRdWNg57y0iMBLvN+4TldXqWBIDb3gIRjZue07gamLZ
2XlX3dqc2s+wil+jeAd9zdVwAUOTYI4u5RdnVG5oTaiaDIeN4qCLEDQWgXp4ZkaWD+n+ZP
D/+yWTCLC4ZCZNocpG/Jmkmfgdz2MDzDQXUrz/tLB0AAAAQgEdeH+im6iRcP/juTAoeSHo
ExLtWhgL4JYqRwcOnzCKuLOPjEY/HSOuc+HRrbN9rbjsq+PcPHYe1NnkzXk0IW8hxQAAAB
NtYXJpYW5vQGVuZG9yLmxvY2FsAQIDBAUGBw==
-----END OPENSSH PRIVATE KEY-----\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	"user": []byte(\`-----BEGIN EC PRIVATE KEY-----
MHcCAQEEILYCAeq8f7V4vSSypRw7pxy8yz3V5W4qg8kSC3zJhqpQoAoGCCqGSM49
AwEHoUQDQgAEYcO2xNKiRUYOLEHM7VYAp57HNyKbOdYtHD83Z4hzNPVC4tM5mdGD
PLL8IEwvYu2wq+lpXfGQnNMbzYf9gspG0w==
-----END EC PRIVATE KEY-----
\`),
`,
);
add(
  GO_KEYS,
  [PK],
  `	1: {
		Name:          "dsa-encrypted",
		EncryptionKey: "qG0pher-dsa_t3st$",
		PEMBytes: []byte(\`-----BEGIN DSA PRIVATE KEY-----
Proc-Type: 4,ENCRYPTED
DEK-Info: AES-128-CBC,7CE7A6E4A647DC01AF860210B15ADE3E

hvnBpI99Hceq/55pYRdOzBLntIEis02JFNXuLEydWL+RJBFDn7tA+vXec0ERJd6J
G8JXlSOAhmC2H4uK3q2xR8/Y3yL95n6OIcjvCBiLsV+o3jj1MYJmErxP6zRtq4w3
JjIjGHWmaYFSxPKQ6e8fs74HEqaeMV9ONUoTtB+aISmgaBL15Fcoayg245dkBvVl
h5Kqspe7yvOBmzA3zjRuxmSCqKJmasXM7mqs3vIrMxZE3XPo1/fWKcPuExgpVQoT
HkJZEoIEIIPnPMwT2uYbFJSGgPJVMDT84xz7yvjCdhLmqrsXgs5Qw7Pw0i0c0BUJ
b7fDJ2UhdiwSckWGmIhTLlJZzr8K+JpjCDlP+REYBI5meB7kosBnlvCEHdw2EJkH
0QDc/2F4xlVrHOLbPRFyu1Oi2Gvbeoo9EsM/DThpd1hKAlb0sF5Y0y0d+owv0PnE
R/4X3HWfIdOHsDUvJ8xVWZ4BZk9Zk9qol045DcFCehpr/3hslCrKSZHakLt9GI58
vVQJ4L0aYp5nloLfzhViZtKJXRLkySMKdzYkIlNmW1oVGl7tce5UCNI8Nok4j6yn
IiHM7GBn+0nJoKTXsOGMIBe3ulKlKVxLjEuk9yivh/8=
-----END DSA PRIVATE KEY-----
\`),
	},
`,
);
add(
  GO_KEYS,
  [PK],
  `	2: {
		Name:              "ed25519-encrypted",
		EncryptionKey:     "password",
		IncludesPublicKey: true,
		PEMBytes: []byte(\`-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABDKj29BlC
ocEWuVhQ94/RjoAAAAEAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAIIw1gSurPTDwZidA
2AIjQZgoQi3IFn9jBtFdP10/Jj7DAAAAoFGkQbB2teSU7ikUsnc7ct2aH3pitM359lNVUh
7DQbJWMjbQFbrBYyDJP+ALj1/RZmP2yoIf7/wr99q53/pm28Xp1gGP5V2RGRJYCA6kgFIH
xdB6KEw1Ce7Bz8JaDIeagAGd3xtQTH3cuuleVxCZZnk9NspsPxigADKCls/RUiK7F+z3Qf
Lvs9+PH8nIuhFMYZgo3liqZbVS5z4Fqhyzyq4=
-----END OPENSSH PRIVATE KEY-----
\`),
	},
`,
);
add(
  GO_KEYS,
  [],
  `	{
		Name:         "sk-ssh-ed25519@openssh.com",
		PubKey:       []byte("sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29tAAAAIJjzc2a20RjCvN/0ibH6UpGuN9F9hDvD7x182bOesNhHAAAABHNzaDo= user@host"),
`,
);

// Keats/jsonwebtoken
add(
  'Keats/jsonwebtoken tests/ecdsa/private_es256k_key.pem',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMIGEAgEAMBAGByqGSM49AgEGBSuBBAAKBG0wawIBAQQgmSIP8ezE7unJ624FYvIx\njCGK7n5abnzqVKjG9p63MO2hRANCAATd1slq/xOfdan3Oq9gMjCi7x25M7ubpM1H\ntVBdj/NyNR9LHW9g6MI94yPvm2c3/fVczqL4lxuhJLGLWQGPYwjG\n-----END PRIVATE KEY-----\n',
);
add(
  'Keats/jsonwebtoken tests/eddsa/private_ed448_key.pem',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMEcCAQAwBQYDK2VxBDsEOXkzGoM834lGCR1VS1qNA+fldfH2c31QnRqEeV+voTVX\ndkKVmRC1TYzvN52g2mAbFhEHV2DxtXSUUA==\n-----END PRIVATE KEY-----\n',
);
add(
  'Keats/jsonwebtoken tests/ecdsa/private_es512_key.pem',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMIHuAgEAMBAGByqGSM49AgEGBSuBBAAjBIHWMIHTAgEBBEIASpHRYZx6l+CIFdI2\n9MO1GGnfy4eyWXApZLmQUm9nbZCX2MDY6VB63umkLii3h+ng899S2GNqpWpqK4oc\nTOwlL16hgYkDgYYABABoIJ4A1xiM93QfTORva8sVTWyrqNFC8VaTA9wNbHTV+6U/\nSyG1IiQ/wjdmHNzZmXMNah/ICrJGcvrJkN8Ol3tEFgD346qAuxWQp5OF4Fvadluo\nuN/z8IPoeGtWIcTeU2xiJMBohyAKBR4j7yCKVVrQ7FFZ6di4LikqgloUeaMeGLop\nOA==\n-----END PRIVATE KEY-----\n',
);
add(
  'Keats/jsonwebtoken tests/eddsa/private_ed25519_v2_key.pem',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMFECAQEwBQYDK2VwBCIEIGrD/e7uKYqSY4twDEsRfMMuLSrODf14dpTiTK6K1YI0\ngSEA2+Jj2UvNCvQiUPNYRgSi0cJSPiJI6Rs6D0UTeEpQVj8=\n-----END PRIVATE KEY-----\n',
);
add(
  'Keats/jsonwebtoken tests/hmac.rs',
  [JWT],
  '#[test]\nfn decode_token() {\n    let token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJiQGIuY29tIiwiY29tcGFueSI6IkFDTUUiLCJleHAiOjI1MzI1MjQ4OTF9.9r56oF7ZliOBlOAyiOFperTGxBtPykRQiWNFxhDCW98";\n    let claims = decode::<Claims>(token, b"secret", &Validation::default());\n    println!("{:?}", claims);\n    claims.unwrap();\n}\n',
);
add(
  'Keats/jsonwebtoken tests/hmac.rs',
  [JWT],
  '#[test]\n#[should_panic(expected = "InvalidAlgorithm")]\nfn decode_token_wrong_algorithm() {\n    let token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJiQGIuY29tIiwiY29tcGFueSI6IkFDTUUifQ.I1BvFoHe94AFf09O6tDbcSB8-jp8w6xZqmyHIwPeSdY";\n    let claims = decode::<Claims>(token, b"secret", &Validation::new(Algorithm::RS512));\n    claims.unwrap();\n}\n',
);
add(
  'Keats/jsonwebtoken tests/hmac.rs',
  [JWT],
  '#[test]\nfn decode_token_with_bytes_secret() {\n    let token = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJiQGIuY29tIiwiY29tcGFueSI6IkFDTUUiLCJleHAiOjI1MzI1MjQ4OTF9.Hm0yvKH25TavFPz7J_coST9lZFYH1hQo0tvhvImmaks";\n    let claims = decode::<Claims>(token, b"\\x01\\x02\\x03", &Validation::default());\n    assert!(claims.is_ok());\n}\n',
);
add(
  'Keats/jsonwebtoken tests/hmac.rs',
  [JWT],
  '#[test]\nfn dangerous_unsafe_decode_token_wrong_algorithm() {\n    let token = "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJiQGIuY29tIiwiY29tcGFueSI6IkFDTUUiLCJleHAiOjI1MzI1MjQ4OTF9.fLxey-hxAKX5rNHHIx1_Ch0KmrbiuoakDVbsJjLWrx8fbjKjrPuWMYEJzTU3SBnYgnZokC-wqSdqckXUOunC-g";\n    let claims = dangerous_unsafe_decode::<Claims>(token);\n    claims.unwrap();\n}\n',
);
add(
  'Keats/jsonwebtoken tests/hmac.rs',
  [],
  '#[test]\nfn sign_hs256() {\n    let result =\n        sign("hello world", &EncodingKey::from_secret(b"secret"), Algorithm::HS256).unwrap();\n    let expected = "c0zGLzKEFWj0VxWuufTXiRMk5tlI5MbGDAYhzaxIYjo";\n    assert_eq!(result, expected);\n}\n',
);
add(
  'Keats/jsonwebtoken tests/eddsa/mod.rs',
  [],
  '    let jwk: Jwk = serde_json::from_value(json!({\n            "kty": "OKP",\n            "use": "sig",\n            "crv": "Ed25519",\n            "x": "2-Jj2UvNCvQiUPNYRgSi0cJSPiJI6Rs6D0UTeEpQVj8",\n            "kid": "ed01",\n            "alg": "EdDSA"\n    }))\n    .unwrap();\n',
);

// golang-jwt/jwt
add(
  'golang-jwt/jwt hmac_test.go',
  [JWT],
  '\t{\n\t\t"HS384",\n\t\t"eyJhbGciOiJIUzM4NCIsInR5cCI6IkpXVCJ9.eyJleHAiOjEuMzAwODE5MzhlKzA5LCJodHRwOi8vZXhhbXBsZS5jb20vaXNfcm9vdCI6dHJ1ZSwiaXNzIjoiam9lIn0.KWZEuOD5lbBxZ34g7F-SlVLAQ_r5KApWNWlZIIMyQVz5Zs58a7XdNzj5_0EcNoOy",\n\t\t"HS384",\n\t\tmap[string]interface{}{"iss": "joe", "exp": 1300819380, "http://example.com/is_root": true},\n\t\ttrue,\n\t},\n',
);
add(
  'golang-jwt/jwt hmac_test.go',
  [JWT],
  '\t{\n\t\t"HS512",\n\t\t"eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJleHAiOjEuMzAwODE5MzhlKzA5LCJodHRwOi8vZXhhbXBsZS5jb20vaXNfcm9vdCI6dHJ1ZSwiaXNzIjoiam9lIn0.CN7YijRX6Aw1n2jyI2Id1w90ja-DEMYiWixhYCyHnrZ1VfJRaFQz1bEbjjA5Fn4CLYaUG432dEYmSbS4Saokmw",\n\t\t"HS512",\n\t\tmap[string]interface{}{"iss": "joe", "exp": 1300819380, "http://example.com/is_root": true},\n\t\ttrue,\n\t},\n',
);
add(
  'golang-jwt/jwt ecdsa_test.go',
  [JWT],
  '\t{\n\t\t"Basic ES256",\n\t\tmap[string]string{"private": "test/ec256-private.pem", "public": "test/ec256-public.pem"},\n\t\t"eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJmb28iOiJiYXIifQ.feG39E-bn8HXAKhzDZq7yEAPWYDhZlwTn3sePJnU9VrGMmwdXAIEyoOnrjreYlVM_Z4N13eK9-TmMTWyfKJtHQ",\n\t\t"ES256",\n\t\tmap[string]interface{}{"foo": "bar"},\n\t\ttrue,\n\t},\n',
);
add(
  'golang-jwt/jwt ecdsa_test.go',
  [JWT],
  '\t{\n\t\t"Basic ES384",\n\t\tmap[string]string{"private": "test/ec384-private.pem", "public": "test/ec384-public.pem"},\n\t\t"eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzM4NCJ9.eyJmb28iOiJiYXIifQ.ngAfKMbJUh0WWubSIYe5GMsA-aHNKwFbJk_wq3lq23aPp8H2anb1rRILIzVR0gUf4a8WzDtrzmiikuPWyCS6CN4-PwdgTk-5nehC7JXqlaBZU05p3toM3nWCwm_LXcld",\n\t\t"ES384",\n\t\tmap[string]interface{}{"foo": "bar"},\n\t\ttrue,\n\t},\n',
);
add(
  'golang-jwt/jwt ecdsa_test.go',
  [JWT],
  '\t{\n\t\t"Basic ES512",\n\t\tmap[string]string{"private": "test/ec512-private.pem", "public": "test/ec512-public.pem"},\n\t\t"eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzUxMiJ9.eyJmb28iOiJiYXIifQ.AAU0TvGQOcdg2OvrwY73NHKgfk26UDekh9Prz-L_iWuTBIBqOFCWwwLsRiHB1JOddfKAls5do1W0jR_F30JpVd-6AJeTjGKA4C1A1H6gIKwRY0o_tFDIydZCl_lMBMeG5VNFAjO86-WCSKwc3hqaGkq1MugPRq_qrF9AVbuEB4JPLyL5",\n\t\t"ES512",\n\t\tmap[string]interface{}{"foo": "bar"},\n\t\ttrue,\n\t},\n',
);
add(
  'golang-jwt/jwt ecdsa_test.go',
  [JWT],
  '\t{\n\t\t"basic ES256 invalid: foo => bar",\n\t\tmap[string]string{"private": "test/ec256-private.pem", "public": "test/ec256-public.pem"},\n\t\t"eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJmb28iOiJiYXIifQ.MEQCIHoSJnmGlPaVQDqacx_2XlXEhhqtWceVopjomc2PJLtdAiAUTeGPoNYxZw0z8mgOnnIcjoxRuNDVZvybRZF3wR1l8W",\n\t\t"ES256",\n\t\tmap[string]interface{}{"foo": "bar"},\n\t\tfalse,\n\t},\n',
);

// jwt-dotnet/jwt
const DOTNET = 'jwt-dotnet/jwt tests/JWT.Tests.Common/Models/TestData.cs';
add(
  DOTNET,
  [GEN],
  '        public const string Secret = "GQDstcKsx0NHjPOuXOYg5MbeJ1XT0uFiwDVvVBrk";\n',
);
add(
  DOTNET,
  [JWT],
  '        public const string Token = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJGaXJzdE5hbWUiOiJKZXN1cyIsIkFnZSI6MzN9.jBdQNPhChZpZSMZX6Z5okc7YJ3dc5esWp4YCtasYXFU";\n',
);
add(
  DOTNET,
  [JWT],
  '        public const string TokenWithExtraHeaders = "eyJmb28iOiJiYXIiLCJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJGaXJzdE5hbWUiOiJKZXN1cyIsIkFnZSI6MzN9.QQJaPxDE6E7l-zC-LKTbEgPfId5FDvowRKww1o6jdwU";\n',
);
add(
  DOTNET,
  [JWT],
  '        public const string TokenWithCustomTypeHeader = "eyJ0eXAiOiJmb28iLCJhbGciOiJIUzI1NiJ9.eyJGaXJzdE5hbWUiOiJKZXN1cyIsIkFnZSI6MzN9.vubwuLxx_7AWGvo-Y8XF_l7XP1WOv5obJulIk3RlVdk";\n',
);
add(
  DOTNET,
  [JWT],
  '        public const string TokenWithExp = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJGaXJzdE5hbWUiOiJKZXN1cyIsIkFnZSI6MzMsImV4cCI6MTYwNTgzNDI1NX0.dOkG1StO33Ae0qFQbHLslvSsCV6ThLofjc885egDnuY";\n',
);
add(
  DOTNET,
  [JWT],
  '        public const string TokenWithNbf = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJGaXJzdE5hbWUiOiJKZXN1cyIsIkFnZSI6MzMsIm5iZiI6MTYwNTgzNDI1NX0.iuxTYx6CMcNaxgvPn8pfnPFDhIZceKB0PrIZgkmHFbg";\n        public const long TokenTimestamp = 1605834255;\n',
);
add(
  DOTNET,
  [JWT],
  '        public const string TokenByAsymmetricAlgorithm = "eyJraWQiOiJDRkFFQUUyRDY1MEE2Q0E5ODYyNTc1REU1NDM3MUVBOTgwNjQzODQ5IiwidHlwIjoiSldUIiwiYWxnIjoiUlMyNTYifQ.eyJpc3MiOiJ0ZXN0IiwiZXhwIjoyMTQ3NDgzNjQ4LCJGaXJzdE5hbWUiOiJKZXN1cyIsIkFnZSI6MzN9.ZeGfWN3kBHZLiSh4jzzn6kx7F6lNu5OsowZW0Sv-_wpSgQO2_QXFUPLx23wm4J9rjMGQlSksEtCLd_X3iiBOBLbxAUWzdj59iJIAh485unZj12sBJ7KHDVsOMc6DcSJdwRo9S9yiJ_RJ57R-dn4uRdZTBXBZHrrmb35UjaAG6hFfu5d1Ap4ZjLxqDJGl0Wo4j5l6vR8HFpmiFHvqPQ4apjqkBGnitJ7oghbeRX0SIVNSkXbBDp3i9pC-hxzs2oHZC9ys0rJlfpxLls3MV4oQbQ7m6W9MrwwsdObJHI7PiTNfObLKdgySi6WkQS7rwXVz0DqRa8TXv8_USkvhsyGLMQ";\n',
);
add(
  DOTNET,
  [PK],
  '        public const string ServerRsaPrivateKey = "<RSAKeyValue><Modulus>uYTPtHCIztKC3MUDxnZ0ktGVSQ0jVbD5rYl4pki4RCD3M22d+TklmvTyPj0SM7a/8o7cI05QhEuBI8hKCfC2CEJhlS3WFeVC0vwsl1aYFqQ3Ykr+kDsAdqjL95ioj3JmiscvqKOM34oQahpAgukJ7Kcr1BT2Ylk8fOgKcN7t1qgURNx0Pj4zJ4w0p1nT2gLG++bYutUVPvamI9wcMQyUesZwGmM9UUpMRzsOPk8vv7TbTm62Zkx+5rFUaVe5DFNUIMg92NvyU0392FFNCwptSflidHDG1ayCwL1ZTkJ0Z9yJXCNSzi/3ulxMhE+bVcpr/EuRKCYxn9qPFZ07Bd77bQ==</Modulus><Exponent>AQAB</Exponent><P>2Mrzzbb8Gh7aoW0YXdtdO7WEZ7+pOvbxdp4Qw8sp8dF5cF5vss3I2FoJ9kssy/DsUsreBUhD0HKrADBus7BHKXp7Q/9hhu1nAJxpng255cUfngVD9k1xQdfWEHCeWrr7XJHcplTkh4ysH4nWK+8S+RoCpiuphkJJqVxPzDaY1+M=</P><Q>2xHwflmaMbNs9dXi3wx10SyG5KQJeRIXlKkhlUYlAU+7598AdmTiUPHfhj4WDRCmcJGHjSWqdiuQuwmRYsBXRhtk7XjGAjcefloSpXSR9G+tpVFuIthBU337g2pK1o8z/29LKiWZvcytgxQLEWwGIyduj2I9BoDw1jgFmVd/IG8=</Q><DP>b9n+ghO37G4g1QqpeLtWVhkoEDNFyANiv5V8BtjKclZmdoBy1ujviBikbSuKGErcUzcR593KB0EyUu2qIBGCFbd447NeiTPxYdJRd9eTIyZaUrhawThhh9wpOOAyA5PXXoJvOm4wXnNI1xjRpGc7/cPavAto8rk+sh/LmAxPPYs=</DP><DQ>b2l2N6v2IWSw+22lje5WVOUiTVGnh61N1MsXS0V7OGmGlOvy3kN8XdJE7Y7RxB89pm480+neAW8ykgzRpblQKVVxRNxxR1sk5PmGFiNsvzW0yCjbrFjzEDU4HqOGIAyAU14UigDJaZ+YdttQrbGUhXheYAmEI7SbxzaCknPPMX0=</DQ><InverseQ>SpRpqI+Z4g3jMbb0iE0oD+FAUaBXGp00DjKVbeYH8WQl2rVGFkspFYeN69u3ZFUL3JJd4rCF6zbuLq6iyDJq/F+Jo4zSzXChepr/dSEH1TszaA6imdqFyj3pjOT/ZXNK4YPCRijRM3fy8GdNybZDQljL1djY8D1YK3CWEtKuogs=</InverseQ><D>ADJKztC1SseTfRmPgnZ+DLXAgbflpK6WS3+/9/UcKAsc5LOmA8bytwvkjpPqYNGkH5g7iKU8yP16rbrSXgy6NJ7VYAVENJIhYWKdxxJzAMfvVkeCc4A/sa1GFThwXUG5KBND7EExrsu3oe67LyhOBJXv7vHCvQhSwkZNbiDEtOh7y6bKOOb0aluzPir3eY3HyN7TP2uS5mEeokMvwk9yGOUvCeKoz8t9WJf8HoP2OsDqFsbs5qA66qC6DWaU9OZ0VrO3zgmceIDP2ZXFkWmz2cVJ/Yvfi5zCvc0+g670twnuG8P00Syr/3xNCVuhwwuZbDcILjNvc9uOu9iDbY5xZQ==</D></RSAKeyValue>";\n',
);
add(
  DOTNET,
  [],
  '        public const string ServerRsaPublicKey1 = "-----BEGIN CERTIFICATE-----MIICPDCCAaWgAwIBAgIBADANBgkqhkiG9w0BAQ0FADA7MQswCQYDVQQGEwJ1czELMAkGA1UECAwCVVMxETAPBgNVBAoMCENlcnR0ZXN0MQwwCgYDVQQDDANqd3QwHhcNMTcwNjI3MTgzNjM3WhcNMjAwMzIzMTgzNjM3WjA7MQswCQYDVQQGEwJ1czELMAkGA1UECAwCVVMxETAPBgNVBAoMCENlcnR0ZXN0MQwwCgYDVQQDDANqd3QwgZ8wDQYJKoZIhvcNAQEBBQADgY0AMIGJAoGBALsspKjcF/mB0nheaT+9KizOeBM6Qpi69LzOLBw8rxohSFJw/BFB/ch+8jXbtq23IwtavJTwSeY6a7pbZgrwCwUK/27gy04m/tum5FJBfCVGTTI4vqUYeTKimQzxj2pupQ+wx//1tKrXMIDGdllmQ/tffQHXxYGBR5Ol543YRN+dAgMBAAGjUDBOMB0GA1UdDgQWBBQMfi0akrZdtPpiYSbE4h2/9vlaozAfBgNVHSMEGDAWgBQMfi0akrZdtPpiYSbE4h2/9vlaozAMBgNVHRMEBTADAQH/MA0GCSqGSIb3DQEBDQUAA4GBAF9pg6H7C7O5/oHeRtKSOPb9WnrHZ/mxAl30wCh2pCtJLkgMKKhquYmKqTA+QWpSF/Qeaq17DAf7Wq8VQ2QES9WCQm+PlBlTeZAf3UTLkxIUDchuS8mR7QAgG67QNLl2OKMC4NWzq0d6ZYNzVqHHPe2AKgsRro6SEAv0Sf2QhE3j-----END CERTIFICATE-----";\n\n        public const string ServerRsaPublicThumbprint1 = "CFAEAE2D650A6CA9862575DE54371EA980643849";\n',
);

// mpdavis/python-jose
add(
  'mpdavis/python-jose tests/algorithms/test_EC.py',
  [PK],
  'private_key = """-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIOiSs10XnBlfykk5zsJRmzYybKdMlGniSJcssDvUcF6DoAoGCCqGSM49\nAwEHoUQDQgAE7gb4edKJ7ul9IgomCdcOebQTZ8qktqtBfRKboa71CfEKzBruUi+D\nWkG0HJWIORlPbvXME+DRh6G/yVOKnTm88Q==\n-----END EC PRIVATE KEY-----"""\n',
);
add(
  'mpdavis/python-jose tests/test_jws.py',
  [JWT],
  "    def test_unicode_token(self):\n        token = u'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhIjoiYiJ9.jiMyrsmD8AoHWeQgmxZ5yq8z0lXS67_QGs52AzC8Ru8'\n        jws.verify(token, 'secret', ['HS256'])\n",
);

// firebase/php-jwt
add(
  'firebase/php-jwt tests/JWTTest.php',
  [JWT],
  "    public function testInvalidSignatureEncoding()\n    {\n        $msg = \"eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpZCI6MSwibmFtZSI6ImZvbyJ9.Q4Kee9E8o0Xfo4ADXvYA8t7dN_X_bU9K5w6tXuiSjlUxx\";\n        $this->setExpectedException('UnexpectedValueException');\n        JWT::decode($msg, 'secret', array('HS256'));\n    }\n",
);

// SonarSource/sonar-python
const SONAR_PY =
  'SonarSource/sonar-python python-checks/src/test/resources/checks/hotspots/hardcodedCredentialsEntropy.py';
add(
  SONAR_PY,
  [GEN],
  'def func():\n    token = "rf6acB24J//1FZLRrKpjmBUYSnUX5CHlt/iD5vVVcgVuAIOB6hzcWjDnv16V6hDLevW0Qs4hKPbP1M4YfuDI16sZna1/VGRLkAbTk6xMPs4epH6A3ZqSyyI-H92y" # Noncompliant\n',
);
add(
  SONAR_PY,
  [GEN],
  'class MyClass:\n    secret = "1IfHMPanImzX8ZxC-Ud6+YhXiLwlXq$f_-3v~.=" # Noncompliant {{"secret" detected here, make sure this is not a hard-coded secret.}}\n',
);
add(SONAR_PY, [], '    api_key = "not enough entropy"\n');

// SonarSource/sonar-java
const SONAR_JAVA =
  'SonarSource/sonar-java java-checks-test-sources/default/src/main/java/checks/HardCodedPasswordCheckSample.java';
add(
  SONAR_JAVA,
  [CONN],
  '    conn = DriverManager.getConnection("jdbc:db2://myhost:5021/mydb:user=dbadm;password=foo"); // Compliant, short value filter\n    conn = DriverManager.getConnection("jdbc:db2://myhost:5021/mydb:user=dbadm;password=xvxf6_gaa"); // Noncompliant\n',
);
add(
  SONAR_JAVA,
  [],
  '    String params = "user=admin&password=Password123"; // Compliant, value contains the keyword password\n    String params2 = "user=admin&password=sonar123"; // Noncompliant\n    String sqlserver = "pgsql:host=localhost port=5432 dbname=test user=postgres password=postgres"; // Noncompliant\n',
);
add(
  SONAR_JAVA,
  [],
  '    // Passwords starting with ":" are reported unless excluded by the fake value filter\n    String query2 = "password=:password"; // Compliant, fake value filter\n    String query3 = "password=:param"; // Noncompliant\n    // Password containing "%s" are ignored\n    String query5 = "password=%s"; // Compliant\n',
);
add(
  SONAR_JAVA,
  [],
  '    String[] urls = {\n      "http://user:123456@server.com/path", // Compliant, fake value filter\n      "ftp://anonymous:anonymous@wustl.edu",    // OK, user == password\n      "http://admin:admin@server.com/path",     // OK, user == password\n      "http://user:@server.com/path",           // OK, password is empty\n',
);
add(
  SONAR_JAVA,
  [],
  '    final String PASSWORD_PROPERTY = "custom.password"; // Compliant\n    final String TRUSTSTORE_PASSWORD = "trustStorePassword"; // Compliant\n    final String CONNECTION_PASSWORD = "connection.password"; // Compliant\n    final String RESET_PASSWORD = "/users/resetUserPassword"; // Compliant\n',
);

// SonarSource/sonar-iac
const SONAR_IAC =
  'SonarSource/sonar-iac iac-extensions/docker/src/test/resources/checks/EnvSecretCheck/Dockerfile';
add(
  SONAR_IAC,
  [],
  'FROM foo\n\n\n# Noncompliant@+1 {{Make sure that using ENV to handle a secret is safe here.}}\nENV ACCESS_TOKEN=${ACCESS_TOKEN}\n#   ^^^^^^^^^^^^\n# Noncompliant@+1\nENV MY_ACCESS_TOKEN=${ACCESS_TOKEN}\n',
);
add(
  SONAR_IAC,
  [],
  '# Noncompliant@+1\nENV ACCESS_TOKEN=ThisIsSomethingThatShouldProbablyBeSecret\n# Noncompliant@+1\nENV TOKEN=AAAA\n',
);
add(
  SONAR_IAC,
  [],
  'ENV ACCESS_TOKEN=/usr/bin/:/bin/:/sbin/\nENV ACCESS_TOKEN="/run/secrets/token.json"\nENV ACCESS_TOKEN="/root/path/"\nENV ACCESS_TOKEN="./relative/path/"\n',
);

// MobSF/mobsfscan
add(
  'MobSF/mobsfscan tests/assets/src/kotlin_long_secret/LongKey.kt',
  [GEN],
  '// Issue #88: long hex KEY must still be detected (was capped at 100 chars).\nprivate val KEY = "b4071281f217866037bb02f1d125ab5c2533eca404e95b9f19f097227bcaad4fffb8aeda6042f4225623a1a23e50ed669ca508b570ba0f53306d6eb7b04941c9f3047e564ec9c0afef3ecadf5493edb6c0b4432ecde5f1f644e7dafa727774d3a43f472845d855113f0bb7ffe79bf80efa6bdb0f53607f691bc1ad65d3503c7b8847e6a50f884abf017047ad4144c6f1561c4b5653b7b8251db0f9757ab55562dd432dbd75479d5282cf08658f4fe52b175d7fc476b59e625abb057d9413d62d080a5050a47795536f594407aaa89f1df88abba879d091e81abe37ef74bb01912df82e4b10ea3e25bba80f837d0153917442c611f411093fbacd30aab4158719"\n',
);

// googleapis/google-auth-library-nodejs
add(
  'googleapis/google-auth-library-nodejs test/fixtures/aws-constructor-credentials-fake.json',
  [AWS_ID, AWS_SECRET],
  '{\n  "Code" : "Success",\n  "LastUpdated" : "2020-08-11T19:33:07Z",\n  "Type" : "AWS-HMAC",\n  "AccessKeyId" : "ASIARD4OQDT6A77FR4DT",\n  "SecretAccessKey" : "Y8AfSaucF37G4PpvfguKZ3/l7Id4uocLXxX0+MDf",\n',
);
add(
  'googleapis/google-auth-library-nodejs test/fixtures/service-account-with-quota.json',
  [PK],
  '{\n    "type": "service_account",\n    "project_id": "my-account",\n    "private_key_id": "abc123",\n    "private_key": "-----BEGIN RSA PRIVATE KEY-----\\nMIICXAIBAAKBgQDI+tbB7kfmWFsD6Y+GUzRazzE62JbajO806zYVJrIx9TsmPx/E\\nzfHVJy2hlONaSOfKJD7udT1w4bVo+OpWkMvXYAiqZFg+4EAg+FvuBzToyD2VyiqZ\\n6hOXT3xVzPFLJDwpATm7SvGmzIbhAHLOH6QBePEw1ADhyXW2sHZbzzwEmwIDAQAB\\nAoGBAJcmTy06j0hlWs3uccqL+OvytwuSqKFlLOGXo+z0VT/NNtbk0neoix/Lfz3u\\nQ6469lfIOqwL8FFc7por2dGQxDu42yO2FVSaKkgNKZz2BIv64sZkKiSvMB/eScBe\\nRBsUClBd828jShDlAaOucyoDqajop9EfiuysBPjSLo7Li4MBAkEA6h/tFUeyM0hv\\n5OuoZU+gUTCVBGePaBFjarS1ufq8XiIIG9UPDIDGaYnBjWYJmodojwiigJ7glidc\\nxV0yfu3kywJBANvCHT7QAXrnTw7xPMin0VbazUujf7fgTSpUM5/CMhI9AlAJZhx8\\np8xPJG9mOd44lFS765IwHupVLqA5sPgUNXECQH3cAdihvUNiWnymztT/tEBRLJq8\\njVQ1nMs9MEA1cVPtWYyUwc1H4OHVY05/HwSKbIQP8UPRpQwzRuT2j/G6M3cCQCbj\\nEaPE0Q47kjzVqWjkcWHKNBvXYcla8qyz27LAfXXGv/sDvsL5uAOqWYsw7rqJDo5z\\n9nqW81GKI0cNDmjHwrECQGnF6BaF1SvKw/kbKeF34OVw5FQOmmGZP5y3b49wC8Rp\\nhGrm3z7yM8jiQIywqpv5KDBKKMiKMR5pIcbxscalY4k=\\n-----END RSA PRIVATE KEY-----\\n",\n    "client_email": "fake@example.com",\n',
);
add(
  'googleapis/google-auth-library-nodejs test/fixtures/private2.json',
  [],
  '{\n  "private_key_id": "key456",\n  "private_key": "privatekey2",\n  "client_email": "goodbye@youarecool.com",\n  "client_id": "client456",\n  "type": "service_account",\n  "project_id": "my-awesome-project"\n}',
);
add(
  'googleapis/google-auth-library-nodejs test/fixtures/config-with-quota/.config/gcloud/application_default_credentials.json',
  [],
  '{\n  "client_id": "764086051850-6qr4p6gpi6hn506pt8ejuq83di341hur.apps.googleusercontent.com",\n  "client_secret": "privatekey",\n  "refresh_token": "refreshtoken",\n  "type": "authorized_user",\n',
);

// alexwhin/redactum (a redaction library's published test cases)
const RD = (f) => `alexwhin/redactum docs/api/test-cases/${f}`;
add(
  RD('api-key.md'),
  [],
  '| Policy | Test Case |\n|--------|-----------|\n| `OPENAI_API_KEY` | `sk-1234567890abcdefghijklmnopqrstuvwxyz` |\n| `OPENAI_API_KEY` | `sk-abcdefghijklmnopqrstuvwxyz123456` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `ANTHROPIC_API_KEY` | `sk-ant-api03-aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789AbCdEfGhIjKlMnOpQrStUvWxYz01234567890123456789012345678901` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `GITHUB_TOKEN` | `ghp_abcdefghijklmnopqrstuvwxyz1234567890` |\n| `GITHUB_TOKEN` | `gho_abcdefghijklmnopqrstuvwxyz1234567890` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `GITHUB_FINE_GRAINED_TOKEN` | `github_pat_aBcDeFgHiJ1234567890_aBcDeFgHiJkLmNoPqRsTuVwXyZ1234567890ABCDEFGHIJKLMNOPQRSTUVWXY` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `STRIPE_KEY` | `sk_live_1234567890abcdefghijklmnop` |\n| `STRIPE_KEY` | `sk_test_1234567890abcdefghijklmnop` |\n| `STRIPE_KEY` | `pk_live_1234567890abcdefghijklmnop` |\n',
);
add(RD('api-key.md'), [GCP], '| `GOOGLE_API_KEY` | `AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI` |\n');
add(
  RD('api-key.md'),
  [],
  '| `GOOGLE_API_KEY` | `AIzaSyAbcdefghijklmnopqrstuvwxyz1234567` |\n| `GOOGLE_API_KEY` | `AIzaSyABCDEFGHIJKLMNOPQRSTUVWXYZ1234567` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `SLACK_TOKEN` | `xoxb-123456789012-123456789012-abcdefghijklmnopqrstuvwx` |\n| `SLACK_TOKEN` | `xoxp-123456789012-123456789012-abcdefghijklmnopqrstuvwx` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `PAYPAL_CLIENT_ID` | `AQkquBDf1zctJOWGKWUEtKXm6qVhueUEMvXO_-MCI4DQQ4-LWvkDLIN2fGsdabcdefghijklmnopqrstu` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `TWILIO_API_KEY` | `SK1234567890abcdef1234567890abcdef` |\n| `TWILIO_API_KEY` | `SKabcdefghijklmnopqrstuvwxyz123456` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `SENDGRID_API_KEY` | `SG.abcdefghijklmnopqrstuvwxyz1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ1234` |\n',
);
add(
  RD('api-key.md'),
  [],
  '| `API_KEY_GENERIC` | `api_key: 1234567890abcdefghij` |\n| `API_KEY_GENERIC` | `apikey: 1234567890abcdefghijklmnop` |\n| `API_KEY_GENERIC` | `access_token: 1234567890abcdefghij` |\n',
);
add(
  RD('ci-cd-secrets.md'),
  [],
  '| `JENKINS_TOKEN` | `jenkins-token: 11a1234567890abcdef1234567890abcd` |\n| `JENKINS_TOKEN` | `jenkins_api_key: 1234567890abcdef1234567890abcdef12` |\n',
);
add(
  RD('ci-cd-secrets.md'),
  [],
  '| `CIRCLECI_TOKEN` | `circleci-token: 1234567890abcdef1234567890abcdef12345678` |\n| `CIRCLECI_TOKEN` | `circleci_api_key: abcdef1234567890abcdef1234567890abcdef12` |\n',
);
add(
  RD('ci-cd-secrets.md'),
  [],
  '| `GITLAB_TOKEN` | `glpat-abcdefghijklmnopqrst` |\n| `GITLAB_TOKEN` | `gitlab-token-1234567890abcdefghij` |\n',
);
add(
  RD('ci-cd-secrets.md'),
  [],
  '| `GITLAB_CI_TOKEN` | `CI_JOB_TOKEN: 1234567890abcdef` |\n| `GITLAB_CI_TOKEN` | `CI_DEPLOY_PASSWORD: secret123` |\n| `GITLAB_CI_TOKEN` | `CI_REGISTRY_PASSWORD: pass456` |\n',
);
add(
  RD('ci-cd-secrets.md'),
  [],
  '| `AZURE_DEVOPS_TOKEN` | `azdo-token: 1234567890abcdefghijklmnopqrstuvwxyz1234567890abcdef` |\n',
);
add(
  RD('cloud-credentials.md'),
  [],
  '| `HEROKU_API_KEY` | `12345678-1234-1234-1234-123456789012` |\n| `HEROKU_API_KEY` | `abcdef01-2345-6789-abcd-ef0123456789` |\n| `HEROKU_API_KEY` | `aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee` |\n',
);
add(
  RD('cloud-credentials.md'),
  [],
  '| `DIGITALOCEAN_TOKEN` | `dop_v1_1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef` |\n',
);
add(
  RD('cloud-credentials.md'),
  [],
  '| `GCP_SERVICE_ACCOUNT_KEY` | `terraform-sa@prod-project.iam.gserviceaccount.com` |\n| `GCP_SERVICE_ACCOUNT_KEY` | `cloud-build@build-project-123.iam.gserviceaccount.com` |\n',
);
add(
  RD('database-credentials.md'),
  [CONN],
  '| `POSTGRESQL_CONNECTION_STRING` | `postgresql://admin:u$k9!fR2@qLx2@db:5432/mydb` |\n',
);
add(
  RD('database-credentials.md'),
  [],
  '| `DATABASE_URL` | `postgres://user:pass@localhost:5432/mydb` |\n| `DATABASE_URL` | `mysql://root:password@127.0.0.1:3306/database` |\n| `DATABASE_URL` | `mongodb://admin:secret123@mongo.example.com:27017/myapp` |\n',
);
add(
  RD('database-credentials.md'),
  [],
  '| `RABBITMQ_CONNECTION_STRING` | `amqp://guest:guest@localhost:5672/` |\n| `RABBITMQ_CONNECTION_STRING` | `amqps://user:pass@rabbitmq.example.com:5671/vhost` |\n',
);
add(
  RD('database-credentials.md'),
  [],
  '| `MYSQL_CONNECTION_STRING` | `mysql://admin:P@ssw0rd!@mysql.internal:3306/prod` |\n| `MYSQL_CONNECTION_STRING` | `mysql://dbuser:dbpass123@mysql.example.com:3307/appdb` |\n',
);
add(
  RD('database-credentials.md'),
  [],
  '| `ELASTICSEARCH_URL` | `https://elasticsearch.example.com:9200` |\n| `ELASTICSEARCH_URL` | `http://localhost:9200/index` |\n',
);
add(
  RD('webhook-urls.md'),
  [],
  '| `SLACK_WEBHOOK` | `https://hooks.slack.com/services/T12345678/B1234567890/ABCDEFGHIJKLMNOPQRSTUVWX` |\n| `SLACK_WEBHOOK` | `https://hooks.slack.com/services/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` |\n',
);
add(
  RD('webhook-urls.md'),
  [],
  '| `DISCORD_WEBHOOK` | `https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz1234567890abcdefghijklmnopqrstuvwxyz123456` |\n',
);
add(
  RD('package-registry.md'),
  [],
  '| `NPM_TOKEN` | `npm_abc123abc123abc123abc123abc123abc123` |\n| `NPM_TOKEN` | `npm_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` |\n',
);
add(
  RD('package-registry.md'),
  [],
  '| `PYPI_TOKEN` | `pypi-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` |\n| `PYPI_TOKEN` | `pypi-12345678901234567890123456789012345678901234567890123456789` |\n',
);
add(
  RD('package-registry.md'),
  [],
  '| `NEXUS_REPOSITORY_TOKEN` | `nexus-password: secretpassword123456` |\n| `NEXUS_REPOSITORY_TOKEN` | `nexus-password: nexus123SecretToken0` |\n',
);

// argoproj/argo-cd
add(
  'argoproj/argo-cd test/fixture/testrepos/ssh_host_ed25519_key',
  [PK],
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACAGMp2jg/8KPMYN2DeAW3axKMz2eU70N0f6sS88vYDK/AAAAJjZDaih2Q2o\noQAAAAtzc2gtZWQyNTUxOQAAACAGMp2jg/8KPMYN2DeAW3axKMz2eU70N0f6sS88vYDK/A\nAAAEAXkp8IShMHn+V4jsmjsyZyEwT7j9d170SJJPuDwu9SGgYynaOD/wo8xg3YN4BbdrEo\nzPZ5TvQ3R/qxLzy9gMr8AAAAEXJvb3RAMGY3MmZiYjU5M2UxAQIDBA==\n-----END OPENSSH PRIVATE KEY-----\n',
);
add(
  'argoproj/argo-cd test/fixture/testrepos/ssh_host_ecdsa_key',
  [PK],
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAaAAAABNlY2RzYS\n1zaGEyLW5pc3RwMjU2AAAACG5pc3RwMjU2AAAAQQQpN5jG3SqHhyib1x6DwB2tA/GWZ7hm\nzTdIjPS6NKOdle7xK6QZim9KpJhmo1ake1735QB4ZJknyA1y8+Pz8aeBAAAAsI/h/DWP4f\nw1AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBCk3mMbdKoeHKJvX\nHoPAHa0D8ZZnuGbNN0iM9Lo0o52V7vErpBmKb0qkmGajVqR7XvflAHhkmSfIDXLz4/Pxp4\nEAAAAgUhE0Inf5lP5ph20d/AbP0Ng8Q4c8hesBF4RKEFYFXGUAAAARcm9vdEAwZjcyZmJi\nNTkzZTEBAgMEBQYH\n-----END OPENSSH PRIVATE KEY-----\n',
);
add(
  'argoproj/argo-cd test/fixture/testrepos/https_repo.go',
  [PW],
  'package testrepos\n\ntype HTTPSRepo struct {\n\tURL, Username, Password string\n}\n\nvar HTTPSTestRepo = HTTPSRepo{\n\tURL:      "https://gitlab.com/argo-cd-test/test-apps.git",\n\tUsername: "blah",\n\tPassword: "B5sBDeoqAVUouoHkrovy",\n}\n',
);
add(
  'argoproj/argo-cd test/fixture/testrepos/.htpasswd',
  [],
  'admin:$apr1$VuJfjgOh$H1b0xyAZCw3n3tmwqOVi01\n',
);

// lepture/authlib
add(
  'lepture/authlib tests/files/secp256k1-private.pem',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMIGEAgEAMBAGByqGSM49AgEGBSuBBAAKBG0wawIBAQQgTHXBopHraQcg1U8bPK63\neO5tNMt5ZcHo/1RsJkSnLAahRANCAAROhceIcao7c/9Ei6PgBLr3+UgDbkxSCJ0d\nKDtXgKipXfrI1mVHys/FJ0TzvNPCEZNpPPeWYd/sr5V6ADhdQsHe\n-----END PRIVATE KEY-----\n',
);
add(
  'lepture/authlib tests/files/ssh_private.pem',
  [PK],
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABFwAAAAdzc2gtcn\nNhAAAAAwEAAQAAAQEApvV61Iw9YMrS8pAC9NAPf6ESkqNSpROGu+T0/hR7jSohlUpQk/C3\n65Zjlw+ivCY0WQeTrYMmqixx1UgSn4b6BDehsMAG72LugMO1edsXqhvhbXxEjZiogEHpkl\nA8u2O9fqaSaA2OcmQs+v7ptGAwYTxIPIM/5A4l8NKfwQy4qNrjPbFaDUQF8v6Y6/PgmoIm\nsT9eLKxcb2qZ0inBh7IdeeNoeJD25vql7qGrZrNizxf2QrmdvHLOk8a38jsVVnxf48/0pc\nH8jy+wMaeBEwlB1W68joFndKdSr+Nf8uYSCULeQRE3yTKPsNEJsODvtAWipWtA73UAc5fZ\nkTH69QXf7QAAA8jT7CeP0+wnjwAAAAdzc2gtcnNhAAABAQCm9XrUjD1gytLykAL00A9/oR\nKSo1KlE4a75PT+FHuNKiGVSlCT8LfrlmOXD6K8JjRZB5OtgyaqLHHVSBKfhvoEN6GwwAbv\nYu6Aw7V52xeqG+FtfESNmKiAQemSUDy7Y71+ppJoDY5yZCz6/um0YDBhPEg8gz/kDiXw0p\n/BDLio2uM9sVoNRAXy/pjr8+CagiaxP14srFxvapnSKcGHsh1542h4kPbm+qXuoatms2LP\nF/ZCuZ28cs6TxrfyOxVWfF/jz/SlwfyPL7Axp4ETCUHVbryOgWd0p1Kv41/y5hIJQt5BET\nfJMo+w0Qmw4O+0BaKla0DvdQBzl9mRMfr1Bd/tAAAAAwEAAQAAAQAHB1iXcBv5YjCFQ6jM\nM6IjZl2IzNVi27KVYGsr8yLMa5SkW0+PGtgzU853gpIAR792bAo8iMPs8BgOuY0HKECIQu\ntMrJjeJRUTWKngKmgRokDYQh4EtAOL+rphjX0xCl7k4RBSzxdLG4qFOowOKup+fXIxEflz\nmWDhhYxyLR3tBdCR64jm36oYuGZLv3UAH3p8CWrXW/EiWfHmiiEEtVsgVXZtX/QMKezJh0\n2BNBIGOa2bXV+I4sdrq/f49vLO0YiGaQ/Zx85fmzfoBMlQexqKWW/zbtxebf0sE9r5HAtv\nTb3LqXyb5Dqy1JI00Sm77QoZgiz524sRRwVTUyN0os9hAAAAgDEID/fmFnPcdHtX6Gnlkr\nfyivhrWUJGt1jmZLrXrCTB80XXJOF5yhym2p6Hwr3JDQKIIu6+eVUpnsMHeiU8WTBSKbnP\nBhtJFi/1uTLpJgTfLOZS7CewCkGqAIiUlVybz2GdIeyEKFwOkKwRSN7OqdanIoIX8zi7P8\nn/24xflap7AAAAgQDavsAywdgi96CdC7FIZK4X5nZuI7C7rrgPUkEb9KPnfNlT+N0QNIFK\nxyFfB0L3m2eGpJRKTtMGl1zKuD+Ecl729bnHqKKnbprd+jUlR8Bg9+Aq/rJtUue3nLBg08\n0bBUNewDmTp9R96uNr4ZiGYV6d3+ampgQ6+mukKKP6H8D6JQAAAIEAw2Tb6/c1+uKjwiYP\nHvnvpupXeFw7srnqp2eAxB3UmvhAqUB6tH0H+YADCFATbMB5nUPdnFW/q+wj0AE0R7Qcun\n7HvwztlZN9ZCYfvzy5hSZN3jdOk/I1TAObv6iDhuV0ZplP3kXZDPFT3VU7vcBBUkp04G5S\nWBgEKVBjECn1kCkAAAAQZGVtb0BhdXRobGliLm9yZwECAw==\n-----END OPENSSH PRIVATE KEY-----\n',
);

// googleapis/google-auth-library-java
add(
  'googleapis/google-auth-library-java oauth2_http/javatests/com/google/auth/oauth2/UserCredentialsTest.java',
  [GEN],
  'public class UserCredentialsTest extends BaseSerializationTest {\n\n  private static final String CLIENT_SECRET = "jakuaL9YyieakhECKL2SwZcu";\n  private static final String CLIENT_ID = "ya29.1.AADtN_UtlxN3PuGAxrN2XQnZTVRvDyVWnYq4I6dws";\n  private static final String REFRESH_TOKEN = "1/Tl6awhpFjkMkSJoj1xsli0H2eL5YsMgU_NKPY2TyGWY";\n  private static final String ACCESS_TOKEN = "1/MkSJoj1xsli0AccessToken_NKPY2";\n  private static final String QUOTA_PROJECT = "sample-quota-project-id";\n',
);
add(
  'googleapis/google-auth-library-java oauth2_http/javatests/com/google/auth/oauth2/AwsCredentialsTest.java',
  [],
  '    // Provide AWS credentials through environment vars.\n    TestEnvironmentProvider environmentProvider = new TestEnvironmentProvider();\n    environmentProvider\n        .setEnv("AWS_REGION", "awsRegion")\n        .setEnv("AWS_ACCESS_KEY_ID", "awsAccessKeyId")\n        .setEnv("AWS_SECRET_ACCESS_KEY", "awsSecretAccessKey")\n        .setEnv("AWS_SESSION_TOKEN", "awsToken");\n',
);

// jwtk/jjwt
const JJWT = (f) => `jwtk/jjwt impl/src/test/resources/io/jsonwebtoken/impl/security/${f}`;
add(
  JJWT('ES256.key.pem'),
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEICDbTYFnhiAEP1iipM9zKG+NoM4lbrteq54yz958Lc09oAoGCCqGSM49\nAwEHoUQDQgAExNKMMIsawShLG4LYxpNP0gqdgK/K69UXCLt3AE3zp+T+/NDKZW0D\ntEdFN8FZmjvmbE+AOQTyDtt0cjeyJK4k6Q==\n-----END EC PRIVATE KEY-----\n',
);
add(
  JJWT('ES384.key.pem'),
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDAwj/7H2g+1fvBRQ598Zna6rOXYfN/Kic9HGUSgFZizjDnIDEoFYNX4\n8fwBawFwSk2gBwYFK4EEACKhZANiAASYh1eCbHYjghAOLbcpSNfvEng7m0xGPxBS\nHSGknm2hWihk8F7TIg1D5okesTuydaOxMEWoW0Cqh3JqB7wb4a2QLp3Cx98TYJY6\nLln4QxgidmTZb6JY07r1wZn+7If0hWE=\n-----END EC PRIVATE KEY-----\n',
);
add(
  JJWT('ES512.key.pem'),
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMIHbAgEBBEFRWZiTr6EKKQyuNJrR6zXT9KDtqQFm2Mi89fQcHGBC0GykIM8cUSyg\n89/Vct6uaBlSATT2y4kXJ4tiDBX4A4nLaKAHBgUrgQQAI6GBiQOBhgAEAUvKO8US\nzUTbA+c5XMPH25ZhJJh3jRx4rjw70Ui88fwsmgOVQAojKoNisfSZ5W2lCmv0eMuJ\ncrgzGPa/dts6e7ZxAVhIiCmaimgNEvU/u/wuqxLtgi+qfw8lm0/9wsQF2YrDT8L6\nmXou2xv1KA97gj0bPHeEZvaCQSfZ32SUvxLklmgt\n-----END EC PRIVATE KEY-----\n',
);
add(
  JJWT('Ed25519.key.pem'),
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIN9YgXIwPD/R319mdGGHAPvfKcoJriMauwV6NoopfUOf\n-----END PRIVATE KEY-----\n',
);
add(
  JJWT('Ed448.key.pem'),
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMEcCAQAwBQYDK2VxBDsEOad9P+Hd/6/J81KL3EoBbe5s4ij7yQaYavEiRBwtEBhQ\nj2Mn5JUQxQYH9LS1uBP8SsDzx3T/vHciNQ==\n-----END PRIVATE KEY-----\n',
);
add(
  JJWT('X25519.key.pem'),
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VuBCIEIOh9nwGOIRA3+m2SHuDfyk8b/IiS5pkI5wWBFCchOXB+\n-----END PRIVATE KEY-----\n',
);
add(
  JJWT('X448.key.pem'),
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMEYCAQAwBQYDK2VvBDoEONhB6qRVbPgGBUAZLC6yhwMQAMTKfcpebGZJj55Btlt9\nlpOIfqEM3wKw2RGuqtjPt+E8Nc+glFzV\n-----END PRIVATE KEY-----\n',
);

// nov/json-jwt
add(
  'nov/json-jwt spec/fixtures/ecdsa/256/private_key.pem',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIHo5LvIgMVpOlEKjjZiE5n+xYtTxLm4Eumx7FRMgICyDoAoGCCqGSM49\nAwEHoUQDQgAEsaPyrO4Lh9kh2FxrF9y1QVmZznWnRRJwpr12UHqzrVYwzPhb3POq\nWsmGqv4nKum+WdogjJlAToN+uA+TEwDDUw==\n-----END EC PRIVATE KEY-----',
);
add(
  'nov/json-jwt spec/fixtures/ecdsa/256/secp256k1/private_key.pem',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMHQCAQEEINMWuYrnHN2TF03tNQYYssscDLNnDFoEdL9cuR7Ld7vfoAcGBSuBBAAK\noUQDQgAEYMHAtmtrOmrZMPdy550VQ9xNgfO+1jvh2cc++uf4LITkVZ9B8vrpLsKg\nRARj3hLH1WyllCupbEl0sKQn8EwMDA==\n-----END EC PRIVATE KEY-----',
);
add(
  'nov/json-jwt spec/fixtures/ecdsa/384/private_key.pem',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDB1NRLzYeQa7oRUwWrnQFZOBVqzlyJ9n654/PFjCLJh/A/uGWeECoM2\n1hXEvp80pqGgBwYFK4EEACKhZANiAASmXMCnIWcrurOGDlechlsWPaFmgfZV2Xj5\nEWbsOew0wb23Kqul+rZHKN8oAFtwVG2LEHN9+GTd9xuZ6KkYuS9AE0LN42bpAveE\n5RMfogUHM4vRjsewZOik1NOykuOWK9s=\n-----END EC PRIVATE KEY-----\n',
);
add(
  'nov/json-jwt spec/fixtures/ecdsa/512/private_key.pem',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMIHcAgEBBEIBBpwKqvGEZGpE3wX1fDzJjrrM4uXr16WKsijjqjRP8tHdnvr5p2fO\nzrPVyDVbiQDulOhSh9aouunuwmbudKjWvZagBwYFK4EEACOhgYkDgYYABAHDAg/m\ntGuq5xPU7wtJjqhfwxl0YOWN4k2+HhzcE5tpA+oro8fTP3/HfxRh69DoaasxJ+K2\nD2GaLhrGyDxIC9Kv/wFC2BHfJfm1fwSNvPWns4Ui2dUQxdpbYAzxMvWO2LamGuHC\nXKYss1QzKV1sAaenI4Ok1yDZKFa1V2YTeNOIobuCNg==\n-----END EC PRIVATE KEY-----',
);

// lcobucci/jwt
const LCO = 'lcobucci/jwt tests/HmacTokenTest.php';
add(
  LCO,
  [GEN],
  "        $this->config = Configuration::forSymmetricSigner(\n            new Sha256(),\n            InMemory::base64Encoded('Z0Y6xrhjGQYrEDsP+7aQ3ZAKKERSBeQjP33M0H7Nq6s='),\n        );\n",
);
add(
  LCO,
  [GEN],
  "        $this->config->validator()->assert(\n            $token,\n            new SignedWith(\n                $this->config->signer(),\n                InMemory::base64Encoded('O0MpjL80kE382RyX0rfr9PrNfVclXcdnru2aryanR2o='),\n            ),\n        );\n",
);
add(
  LCO,
  [GEN, JWT],
  "        $config = Configuration::forSymmetricSigner(\n            new Sha256(),\n            InMemory::base64Encoded('FkL2+V+1k2auI3xxTz/2skChDQVVjT9PW1/grXafg3M='),\n        );\n\n        $data = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJoZWxsbyI6IndvcmxkIn0.'\n              . 'ZQfnc_iFebE--gXmnhJrqMXv3GWdH9uvdkFXTgBcMFw';\n",
);

// Keats/jsonwebtoken (a public modulus) and symfony/demo (placeholders): negatives
add(
  'Keats/jsonwebtoken tests/rsa/mod.rs',
  [],
  '    let n = "yRE6rHuNR0QbHO3H3Kt2pOKGVhQqGZXInOduQNxXzuKlvQTLUTv4l4sggh5_CYYi_cvI-SXVT9kPWSKXxJXBXd_4LkvcPuUakBoAkfh-eiFVMh2VrUyWyj3MFl0HTVF9KwRXLAcwkREiS3npThHRyIxuy0ZMeZfxVL5arMhw1SRELB8HoGfG_AtH89BIE9jDBHZ9dLelK9a184zAf8LwoPLxvJb3Il5nncqPcSfKDDodMFBIMc4lQzDKL5gvmiXLXB1AGLm8KBjfE8s3L5xqi-yUod-j8MtvIj812dkS4QMiRVN_by2h3ZY8LYVGrqZXZTcgn2ujn8uKjXLZVD5TdQ";\n    let e = "AQAB";\n',
);
add(
  'symfony/demo .env',
  [],
  '###> symfony/framework-bundle ###\nAPP_ENV=dev\nAPP_SECRET=\n###< symfony/framework-bundle ###\n\n###> doctrine/doctrine-bundle ###\n# Format described at https://www.doctrine-project.org/projects/doctrine-dbal/en/latest/reference/configuration.html#connecting-using-a-url\n# IMPORTANT: You MUST configure your server version, either here or in config/packages/doctrine.yaml\n#\nDATABASE_URL=sqlite:///%kernel.project_dir%/data/database.sqlite\n# DATABASE_URL="mysql://app:!ChangeMe!@127.0.0.1:3306/app?serverVersion=8&charset=utf8mb4"\n# DATABASE_URL="postgresql://app:!ChangeMe!@127.0.0.1:5432/app?serverVersion=16&charset=utf8"\n###< doctrine/doctrine-bundle ###\n',
);

// golang-jwt/jwt (RSA-signed tokens)
add(
  'golang-jwt/jwt rsa_test.go',
  [JWT],
  '\t{\n\t\t"Basic RS256",\n\t\t"eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJmb28iOiJiYXIifQ.FhkiHkoESI_cG3NPigFrxEk9Z60_oXrOT2vGm9Pn6RDgYNovYORQmmA0zs1AoAOf09ly2Nx2YAg6ABqAYga1AcMFkJljwxTT5fYphTuqpWdy4BELeSYJx5Ty2gmr8e7RonuUztrdD5WfPqLKMm1Ozp_T6zALpRmwTIW0QPnaBXaQD90FplAg46Iy1UlDKr-Eupy0i5SLch5Q-p2ZpaL_5fnTIUDlxC3pWhJTyx_71qDI-mAA_5lE_VdroOeflG56sSmDxopPEG3bFlSu1eowyBfxtu0_CuVd-M42RU75Zc4Gsj6uV77MBtbMrf4_7M_NUTSgoIF3fRqxrj0NzihIBg",\n\t\t"RS256",\n\t\tmap[string]interface{}{"foo": "bar"},\n\t\ttrue,\n\t},\n',
);
add(
  'golang-jwt/jwt rsa_test.go',
  [JWT],
  '\t{\n\t\t"Basic RS384",\n\t\t"eyJhbGciOiJSUzM4NCIsInR5cCI6IkpXVCJ9.eyJmb28iOiJiYXIifQ.W-jEzRfBigtCWsinvVVuldiuilzVdU5ty0MvpLaSaqK9PlAWWlDQ1VIQ_qSKzwL5IXaZkvZFJXT3yL3n7OUVu7zCNJzdwznbC8Z-b0z2lYvcklJYi2VOFRcGbJtXUqgjk2oGsiqUMUMOLP70TTefkpsgqDxbRh9CDUfpOJgW-dU7cmgaoswe3wjUAUi6B6G2YEaiuXC0XScQYSYVKIzgKXJV8Zw-7AN_DBUI4GkTpsvQ9fVVjZM9csQiEXhYekyrKu1nu_POpQonGd8yqkIyXPECNmmqH5jH4sFiF67XhD7_JpkvLziBpI-uh86evBUadmHhb9Otqw3uV3NTaXLzJw",\n\t\t"RS384",\n\t\tmap[string]interface{}{"foo": "bar"},\n\t\ttrue,\n\t},\n',
);
add(
  'golang-jwt/jwt rsa_test.go',
  [JWT],
  '\t{\n\t\t"Basic RS512",\n\t\t"eyJhbGciOiJSUzUxMiIsInR5cCI6IkpXVCJ9.eyJmb28iOiJiYXIifQ.zBlLlmRrUxx4SJPUbV37Q1joRcI9EW13grnKduK3wtYKmDXbgDpF1cZ6B-2Jsm5RB8REmMiLpGms-EjXhgnyh2TSHE-9W2gA_jvshegLWtwRVDX40ODSkTb7OVuaWgiy9y7llvcknFBTIg-FnVPVpXMmeV_pvwQyhaz1SSwSPrDyxEmksz1hq7YONXhXPpGaNbMMeDTNP_1oj8DZaqTIL9TwV8_1wb2Odt_Fy58Ke2RVFijsOLdnyEAjt2n9Mxihu9i3PhNBkkxa2GbnXBfq3kzvZ_xxGGopLdHhJjcGWXO-NiwI9_tiu14NRv4L2xC0ItD9Yz68v2ZIZEp_DuzwRQ",\n\t\t"RS512",\n\t\tmap[string]interface{}{"foo": "bar"},\n\t\ttrue,\n\t},\n',
);

// lcobucci/jwt (key files and an EdDSA key in code)
add(
  'lcobucci/jwt tests/_keys/ecdsa/private_ec384.key',
  [PK],
  '-----BEGIN EC PARAMETERS-----\nBgUrgQQAIg==\n-----END EC PARAMETERS-----\n-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDC9EkM5BmOhEWZIrTnm2zkiEIDKdylYrRMYMyZiyTsSxihwrCoyH1hX\nF2UipTTWtaGgBwYFK4EEACKhZANiAAR86pZ9ZK8EWkFsoBj8idwMJqXtOMJ4GB+6\nGEq1/uypgrnkHbtgWLTRJgWnliurJpHV9SekXwoV0F5nxEgX3pQiYS6T2OtVAVs7\njxuwNTcdDm+a2KsZOb62ns0YXG+CL7o=\n-----END EC PRIVATE KEY-----\n',
);
add(
  'lcobucci/jwt tests/_keys/ecdsa/private_ec512.key',
  [PK],
  '-----BEGIN EC PRIVATE KEY-----\nMIHcAgEBBEIAD3yO2xWzu9sSrWXsUcsjppnOPGisza3C4cAL5eAV65xAm4Q6o0LP\nD7xIBDhxxqDXHsV9iGwbO0yyxzlLAyc3dIygBwYFK4EEACOhgYkDgYYABABOq2Sn\nfRlHi0Ofxg6JTFN+KLb36FWxSrsSzIstZW6zLIYPS3kAYJF3d+jGWRrcxO0kTTMe\ncg+bMYATIp8/BYKqXQGayqC3zb7Bxa+YnamkXkQGAU6g94TrGVA42+aYhBjklLRb\nF09R1HrIvzhy3unxzowqjKPozFq10VENyzO1TRx7mg==\n-----END EC PRIVATE KEY-----\n',
);
add(
  'lcobucci/jwt tests/_keys/rsa/private_512.key',
  [PK],
  '-----BEGIN PRIVATE KEY-----\nMIIBVAIBADANBgkqhkiG9w0BAQEFAASCAT4wggE6AgEAAkEAxZT4cHZXf5QfGX1m\noiSKKSC6AeFO8tGIn9C+4x/bEaQAq6f+V5/0+lFG6uboGC7eItPNWfOMmLnrI162\ncOnB1QIDAQABAkBn4OKdfhqSoLWZGS0UolFhPiuNQX/YegFyxLUXhHAQ3VQdUAHs\n4jFT2tviDI1uREdCooKyIQIYOVILrikkc8QBAiEA67ch0VSQvH6A2YO8mKiAUz40\naB3S4bUKdgj9FoLO/OECIQDWlb/G65w4nfXBplhChGm7SKTS+4zfe6SuqVQYsF8P\ndQIgYlCtC0mxYN2G0rLOzAGkHJRaeX7PAZNofJj9LxF6UiECIEMPX3SJ8zNaYhAX\nrSN0gBpwVFo/FMJOwKN49XgVvk91AiEAk/DSNPKv1djAz5nzd4t9I4tOqrbPwWr1\nQOxSsGdKfBg=\n-----END PRIVATE KEY-----\n',
);
add(
  'lcobucci/jwt tests/Keys.php',
  [GEN],
  "        static::$eddsaKeys = [\n            'private' => Key\\InMemory::base64Encoded(\n                'K3NWT0XqaH+4jgi42gQmHnFE+HTPVhFYi3u4DFJ3OpRHRMt/aGRBoKD/Pt5H/iYgGCla7Q04CdjOUpLSrjZhtg==',\n            ),\n            'public1' => Key\\InMemory::base64Encoded('R0TLf2hkQaCg/z7eR/4mIBgpWu0NOAnYzlKS0q42YbY='),\n            'public2' => Key\\InMemory::base64Encoded('8uLLzCdMrIWcOrAxS/fteYyJhWIGH+wav2fNz8NZhvI='),\n        ];\n",
);

// mpdavis/python-jose (a passphrase that is a pangram, header-only PEM markers): negative
add(
  'mpdavis/python-jose tests/algorithms/test_HMAC.py',
  [],
  '    def test_RSA_key(self):\n        key = "-----BEGIN PUBLIC KEY-----"\n        with pytest.raises(JOSEError):\n            HMACKey(key, ALGORITHMS.HS256)\n\n        key = "-----BEGIN RSA PUBLIC KEY-----"\n        with pytest.raises(JOSEError):\n            HMACKey(key, ALGORITHMS.HS256)\n',
);
add(
  'mpdavis/python-jose tests/algorithms/test_HMAC.py',
  [],
  "    def test_to_dict(self):\n        passphrase = 'The quick brown fox jumps over the lazy dog'\n        encoded = 'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw'\n        key = HMACKey(passphrase, ALGORITHMS.HS256)\n",
);

// golang/crypto (the encrypted PEM keys and the CA key)
add(
  GO_KEYS,
  [PK],
  `	0: {
		Name:          "rsa-encrypted",
		EncryptionKey: "r54-G0pher_t3st$",
		PEMBytes: []byte(\`-----BEGIN RSA PRIVATE KEY-----
Proc-Type: 4,ENCRYPTED
DEK-Info: AES-128-CBC,3E1714DE130BC5E81327F36564B05462

MqW88sud4fnWk/Jk3fkjh7ydu51ZkHLN5qlQgA4SkAXORPPMj2XvqZOv1v2LOgUV
dUevUn8PZK7a9zbZg4QShUSzwE5k6wdB7XKPyBgI39mJ79GBd2U4W3h6KT6jIdWA
goQpluxkrzr2/X602IaxLEre97FT9mpKC6zxKCLvyFWVIP9n3OSFS47cTTXyFr+l
7PdRhe60nn6jSBgUNk/Q1lAvEQ9fufdPwDYY93F1wyJ6lOr0F1+mzRrMbH67NyKs
rG8J1Fa7cIIre7ueKIAXTIne7OAWqpU9UDgQatDtZTbvA7ciqGsSFgiwwW13N+Rr
hN8MkODKs9cjtONxSKi05s206A3NDU6STtZ3KuPDjFE1gMJODotOuqSM+cxKfyFq
wxpk/CHYCDdMAVBSwxb/vraOHamylL4uCHpJdBHypzf2HABt+lS8Su23uAmL87DR
yvyCS/lmpuNTndef6qHPRkoW2EV3xqD3ovosGf7kgwGJUk2ZpCLVteqmYehKlZDK
r/Jy+J26ooI2jIg9bjvD1PZq+Mv+2dQ1RlDrPG3PB+rEixw6vBaL9x3jatCd4ej7
XG7lb3qO9xFpLsx89tkEcvpGR+broSpUJ6Mu5LBCVmrvqHjvnDhrZVz1brMiQtU9
iMZbgXqDLXHd6ERWygk7OTU03u+l1gs+KGMfmS0h0ZYw6KGVLgMnsoxqd6cFSKNB
8Ohk9ZTZGCiovlXBUepyu8wKat1k8YlHSfIHoRUJRhhcd7DrmojC+bcbMIZBU22T
Pl2ftVRGtcQY23lYd0NNKfebF7ncjuLWQGy+vZW+7cgfI6wPIbfYfP6g7QAutk6W
KQx0AoX5woZ6cNxtpIrymaVjSMRRBkKQrJKmRp3pC/lul5E5P2cueMs1fj4OHTbJ
lAUv88ywr+R+mRgYQlFW/XQ653f6DT4t6+njfO9oBcPrQDASZel3LjXLpjjYG/N5
+BWnVexuJX9ika8HJiFl55oqaKb+WknfNhk5cPY+x7SDV9ywQeMiDZpr0ffeYAEP
LlwwiWRDYpO+uwXHSFF3+JjWwjhs8m8g99iFb7U93yKgBB12dCEPPa2ZeH9wUHMJ
sreYhNuq6f4iWWSXpzN45inQqtTi8jrJhuNLTT543ErW7DtntBO2rWMhff3aiXbn
Uy3qzZM1nPbuCGuBmP9L2dJ3Z5ifDWB4JmOyWY4swTZGt9AVmUxMIKdZpRONx8vz
I9u9nbVPGZBcou50Pa0qTLbkWsSL94MNXrARBxzhHC9Zs6XNEtwN7mOuii7uMkVc
adrxgknBH1J1N+NX/eTKzUwJuPvDtA+Z5ILWNN9wpZT/7ed8zEnKHPNUexyeT5g3
uw9z9jH7ffGxFYlx87oiVPHGOrCXYZYW5uoZE31SCBkbtNuffNRJRKIFeipmpJ3P
7bpAG+kGHMelQH6b+5K1Qgsv4tpuSyKeTKpPFH9Av5nN4P1ZBm9N80tzbNWqjSJm
S7rYdHnuNEVnUGnRmEUMmVuYZnNBEVN/fP2m2SEwXcP3Uh7TiYlcWw10ygaGmOr7
MvMLGkYgQ4Utwnd98mtqa0jr0hK2TcOSFir3AqVvXN3XJj4cVULkrXe4Im1laWgp
-----END RSA PRIVATE KEY-----
\`),
	},
`,
);
add(
  GO_KEYS,
  [PK],
  `	3: {
		Name:              "ed25519-encrypted-cbc",
		EncryptionKey:     "password",
		IncludesPublicKey: true,
		PEMBytes: []byte(\`-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jYmMAAAAGYmNyeXB0AAAAGAAAABDzGKF3uX
G1gXALZKFd6Ir4AAAAEAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAIDne4/teO42zTDdj
NwxUMNpbfmp/dxgU4ZNkC3ydgcugAAAAoJ3J/oA7+iqVOz0CIUUk9ufdP1VP4jDf2um+0s
Sgs7x6Gpyjq67Ps7wLRdSmxr/G5b+Z8dRGFYS/wUCQEe3whwuImvLyPwWjXLzkAyMzc01f
ywBGSrHnvP82ppenc2HuTI+E05Xc02i6JVyI1ShiekQL5twoqtR6pEBZnD17UonIx7cRzZ
gbDGyT3bXMQtagvCwoW+/oMTKXiZP5jCJpEO8=
-----END OPENSSH PRIVATE KEY-----
\`),
	},
`,
);
add(
  GO_KEYS,
  [PK],
  `	"ca": []byte(\`-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEAvg9dQ9IRG59lYJb+GESfKWTch4yBpr7Ydw1jkK6vvtrx9jLo
5hkA8X6+ElRPRqTAZSlN5cBm6YCAcQIOsmXDUn6Oj1lVPQAoOjTBTvsjM3NjGhvv
52kHTY0nsMsBeY9q5DTtlzmlYkVUq2a6Htgf2mNi01dIw5fJ7uTTo8EbNf7O0i3u
c9a8P19HaZl5NKiWN4EIZkfB2WdXYRJCVBsGgQj3dE/GrEmH9QINq1A+GkNvK96u
vZm8H1jjmuqzHplWa7lFeXcx8FTVTbVb/iJrZ2Lc/JvIPitKZWhqbR59yrGjpwEp
Id7bo4WhO5L3OB0fSIJYvfu+o4WYnt4f3UzecwIDAQABAoIBABRD9yHgKErVuC2Q
bA+SYZY8VvdtF/X7q4EmQFORDNRA7EPgMc03JU6awRGbQ8i4kHs46EFzPoXvWcKz
AXYsO6N0Myc900Tp22A5d9NAHATEbPC/wdje7hRq1KyZONMJY9BphFv3nZbY5apR
Dc90JBFZP5RhXjTc3n9GjvqLAKfFEKVmPRCvqxCOZunw6XR+SgIQLJo36nsIsbhW
QUXIVaCI6cXMN8bRPm8EITdBNZu06Fpu4ZHm6VaxlXN9smERCDkgBSNXNWHKxmmA
c3Glo2DByUr2/JFBOrLEe9fkYgr24KNCQkHVcSaFxEcZvTggr7StjKISVHlCNEaB
7Q+kPoECgYEA3zE9FmvFGoQCU4g4Nl3dpQHs6kaAW8vJlrmq3xsireIuaJoa2HMe
wYdIvgCnK9DIjyxd5OWnE4jXtAEYPsyGD32B5rSLQrRO96lgb3f4bESCLUb3Bsn/
sdgeE3p1xZMA0B59htqCrvVgN9k8WxyevBxYl3/gSBm/p8OVH1RTW/ECgYEA2f9Z
95OLj0KQHQtxQXf+I3VjhCw3LkLW39QZOXVI0QrCJfqqP7uxsJXH9NYX0l0GFTcR
kRrlyoaSU1EGQosZh+n1MvplGBTkTSV47/bPsTzFpgK2NfEZuFm9RoWgltS+nYeH
Y2k4mnAN3PhReCMwuprmJz8GRLsO3Cs2s2YylKMCgYEA2UX+uO/q7jgqZ5UJW+ue
1H5+W0aMuFA3i7JtZEnvRaUVFqFGlwXin/WJ2+WY1++k/rPrJ+Rk9IBXtBUIvEGw
FC5TIfsKQsJyyWgqx/jbbtJ2g4s8+W/1qfTAuqeRNOg5d2DnRDs90wJuS4//0JaY
9HkHyVwkQyxFxhSA/AHEMJECgYA2MvyFR1O9bIk0D3I7GsA+xKLXa77Ua53MzIjw
9i4CezBGDQpjCiFli/fI8am+jY5DnAtsDknvjoG24UAzLy5L0mk6IXMdB6SzYYut
7ak5oahqW+Y9hxIj+XvLmtGQbphtxhJtLu35x75KoBpxSh6FZpmuTEccs31AVCYn
eFM/DQKBgQDOPUwbLKqVi6ddFGgrV9MrWw+SWsDa43bPuyvYppMM3oqesvyaX1Dt
qDvN7owaNxNM4OnfKcZr91z8YPVCFo4RbBif3DXRzjNNBlxEjHBtuMOikwvsmucN
vIrbeEpjTiUMTEAr6PoTiVHjsfS8WAM6MDlF5M+2PNswDsBpa2yLgA==
-----END RSA PRIVATE KEY-----
\`),
}
`,
);

add(
  GO_KEYS,
  [PK],
  `	"pkcs8": []byte(\`-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCitzS2KiRQTccf
VApb0mbPpo1lt29JjeLBYAehXHWfQ+w8sXpd8e04n/020spx1R94yg+v0NjXyh2R
NFXNBYdhNei33VJxUeKNlExaecvW2yxfuZqka+ZxT1aI8zrAsjh3Rwc6wayAJS4R
wZuzlDv4jZitWqwD+mb/22Zwq/WSs4YX5dUHDklfdWSVnoBfue8K/00n8f5yMTdJ
vFF0qAJwf9spPEHla0lYcozJk64CO5lRkqfLor4UnsXXOiA7aRIoaUSKa+rlhiqt
1EMGYiBjblPt4SwMelGGU2UfywPb4d85gpQ/s8SBARbpPxNVs2IbHDMwj70P3uZc
74M3c4VJAgMBAAECggEAFIzY3mziGzZHgMBncoNXMsCRORh6uKpvygZr0EhSHqRA
cMXlc3n7gNxL6aGjqc7F48Z5RrY0vMQtCcq3T2Z0W6WoV5hfMiqqV0E0h3S8ds1F
hG13h26NMyBXCILXl8Cqev4Afr45IBISCHIQTRTaoiCX+MTr1rDIU2YNQQumvzkz
fMw2XiFTFTgxAtJUAgKoTqLtm7/T+az7TKw+Hesgbx7yaJoMh9DWGBh4Y61DnIDA
fcxJboAfxxnFiXvdBVmzo72pCsRXrWOsjW6WxQmCKuXHvyB1FZTmMaEFNCGSJDa6
U+OCzA3m65loAZAE7ffFHhYgssz/h9TBaOjKO0BX1QKBgQDZiCBvu+bFh9pEodcS
VxaI+ATlsYcmGdLtnZw5pxuEdr60iNWhpEcV6lGkbdiv5aL43QaGFDLagqeHI77b
+ITFbPPdCiYNaqlk6wyiXv4pdN7V683EDmGWSQlPeC9IhUilt2c+fChK2EB/XlkO
q8c3Vk1MsC6JOxDXNgJxylNpswKBgQC/fYBTb9iD+uM2n3SzJlct/ZlPaONKnNDR
pbTOdxBFHsu2VkfY858tfnEPkmSRX0yKmjHni6e8/qIzfzLwWBY4NmxhNZE5v+qJ
qZF26ULFdrZB4oWXAOliy/1S473OpQnp2MZp2asd0LPcg/BNaMuQrz44hxHb76R7
qWD0ebIfEwKBgQCRCIiP1pjbVGN7ZOgPS080DSC+wClahtcyI+ZYLglTvRQTLDQ7
LFtUykCav748MIADKuJBnM/3DiuCF5wV71EejDDfS/fo9BdyuKBY1brhixFTUX+E
Ww5Hc/SoLnpgALVZ/7jvWTpIBHykLxRziqYtR/YLzl+IkX/97P2ePoZ0rwKBgHNC
/7M5Z4JJyepfIMeVFHTCaT27TNTkf20x6Rs937U7TDN8y9JzEiU4LqXI4HAAhPoI
xnExRs4kF04YCnlRDE7Zs3Lv43J3ap1iTATfcymYwyv1RaQXEGQ/lUQHgYCZJtZz
fTrJoo5XyWu6nzJ5Gc8FLNaptr5ECSXGVm3Rsr2xAoGBAJWqEEQS/ejhO05QcPqh
y4cUdLr0269ILVsvic4Ot6zgfPIntXAK6IsHGKcg57kYm6W9k1CmmlA4ENGryJnR
vxyyqA9eyTFc1CQNuc2frKFA9It49JzjXahKc0aDHEHmTR787Tmk1LbuT0/gm9kA
L4INU6g+WqF0fatJxd+IJPrp
-----END PRIVATE KEY-----
\`),
`,
);
add(
  'mpdavis/python-jose tests/test_jws.py',
  [PK],
  `private_key = """-----BEGIN RSA PRIVATE KEY-----
MIIJKwIBAAKCAgEAtSKfSeI0fukRIX38AHlKB1YPpX8PUYN2JdvfM+XjNmLfU1M7
4N0VmdzIX95sneQGO9kC2xMIE+AIlt52Yf/KgBZggAlS9Y0Vx8DsSL2HvOjguAdX
ir3vYLvAyyHin/mUisJOqccFKChHKjnk0uXy/38+1r17/cYTp76brKpU1I4kM20M
//dbvLBWjfzyw9ehufr74aVwr+0xJfsBVr2oaQFww/XHGz69Q7yHK6DbxYO4w4q2
sIfcC4pT8XTPHo4JZ2M733Ea8a7HxtZS563/mhhRZLU5aynQpwaVv2U++CL6EvGt
8TlNZOkeRv8wz+Rt8B70jzoRpVK36rR+pHKlXhMGT619v82LneTdsqA25Wi2Ld/c
0niuul24A6+aaj2u9SWbxA9LmVtFntvNbRaHXE1SLpLPoIp8uppGF02Nz2v3ld8g
CnTTWfq/BQ80Qy8e0coRRABECZrjIMzHEg6MloRDy4na0pRQv61VogqRKDU2r3/V
ezFPQDb3ciYsZjWBr3HpNOkUjTrvLmFyOE9Q5R/qQGmc6BYtfk5rn7iIfXlkJAZH
XhBy+ElBuiBM+YSkFM7dH92sSIoZ05V4MP09Xcppx7kdwsJy72Sust9Hnd9B7V35
YnVF6W791lVHnenhCJOziRmkH4xLLbPkaST2Ks3IHH7tVltM6NsRk3jNdVMCAwEA
AQKCAgEArx+0JXigDHtFZr4pYEPjwMgCBJ2dr8+L8PptB/4g+LoK9MKqR7M4aTO+
PoILPXPyWvZq/meeDakyZLrcdc8ad1ArKF7baDBpeGEbkRA9JfV5HjNq/ea4gyvD
MCGou8ZPSQCnkRmr8LFQbJDgnM5Za5AYrwEv2aEh67IrTHq53W83rMioIumCNiG+
7TQ7egEGiYsQ745GLrECLZhKKRTgt/T+k1cSk1LLJawme5XgJUw+3D9GddJEepvY
oL+wZ/gnO2ADyPnPdQ7oc2NPcFMXpmIQf29+/g7FflatfQhkIv+eC6bB51DhdMi1
zyp2hOhzKg6jn74ixVX+Hts2/cMiAPu0NaWmU9n8g7HmXWc4+uSO/fssGjI3DLYK
d5xnhrq4a3ZO5oJLeMO9U71+Ykctg23PTHwNAGrsPYdjGcBnJEdtbXa31agI5PAG
6rgGUY3iSoWqHLgBTxrX04TWVvLQi8wbxh7BEF0yasOeZKxdE2IWYg75zGsjluyH
lOnpRa5lSf6KZ6thh9eczFHYtS4DvYBcZ9hZW/g87ie28SkBFxxl0brYt9uKNYJv
uajVG8kT80AC7Wzg2q7Wmnoww3JNJUbNths5dqKyUSlMFMIB/vOePFHLrA6qDfAn
sQHgUb9WHhUrYsH20XKpqR2OjmWU05bV4pSMW/JwG37o+px1yKECggEBANnwx0d7
ksEMvJjeN5plDy3eMLifBI+6SL/o5TXDoFM6rJxF+0UP70uouYJq2dI+DCSA6c/E
sn7WAOirY177adKcBV8biwAtmKHnFnCs/kwAZq8lMvQPtNPJ/vq2n40kO48h8fxb
eGcmyAqFPZ4YKSxrPA4cdbHIuFSt9WyaUcVFmzdTFHVlRP70EXdmXHt84byWNB4C
Heq8zmrNxPNAi65nEkUks7iBQMtuvyV2+aXjDOTBMCd66IhIh2iZq1O7kXUwgh1O
H9hCa7oriHyAdgkKdKCWocmbPPENOETgjraA9wRIXwOYTDb1X5hMvi1mCHo8xjMj
u4szD03xJVi7WrsCggEBANTEblCkxEyhJqaMZF3U3df2Yr/ZtHqsrTr4lwB/MOKk
zmuSrROxheEkKIsxbiV+AxTvtPR1FQrlqbhTJRwy+pw4KPJ7P4fq2R/YBqvXSNBC
amTt6l2XdXqnAk3A++cOEZ2lU9ubfgdeN2Ih8rgdn1LWeOSjCWfExmkoU61/Xe6x
AMeXKQSlHKSnX9voxuE2xINHeU6ZAKy1kGmrJtEiWnI8b8C4s8fTyDtXJ1Lasys0
iHO2Tz2jUhf4IJwb87Lk7Ize2MrI+oPzVDXlmkbjkB4tYyoiRTj8rk8pwBW/HVv0
02pjOLTa4kz1kQ3lsZ/3As4zfNi7mWEhadmEsAIfYkkCggEBANO39r/Yqj5kUyrm
ZXnVxyM2AHq58EJ4I4hbhZ/vRWbVTy4ZRfpXeo4zgNPTXXvCzyT/HyS53vUcjJF7
PfPdpXX2H7m/Fg+8O9S8m64mQHwwv5BSQOecAnzkdJG2q9T/Z+Sqg1w2uAbtQ9QE
kFFvA0ClhBfpSeTGK1wICq3QVLOh5SGf0fYhxR8wl284v4svTFRaTpMAV3Pcq2JS
N4xgHdH1S2hkOTt6RSnbklGg/PFMWxA3JMKVwiPy4aiZ8DhNtQb1ctFpPcJm9CRN
ejAI06IAyD/hVZZ2+oLp5snypHFjY5SDgdoKL7AMOyvHEdEkmAO32ot/oQefOLTt
GOzURVUCggEBALSx5iYi6HtT2SlUzeBKaeWBYDgiwf31LGGKwWMwoem5oX0GYmr5
NwQP20brQeohbKiZMwrxbF+G0G60Xi3mtaN6pnvYZAogTymWI4RJH5OO9CCnVYUK
nkD+GRzDqqt97UP/Joq5MX08bLiwsBvhPG/zqVQzikdQfFjOYNJV+wY92LWpELLb
Lso/Q0/WDyExjA8Z4lH36vTCddTn/91Y2Ytu/FGmCzjICaMrzz+0cLlesgvjZsSo
MY4dskQiEQN7G9I/Z8pAiVEKlBf52N4fYUPfs/oShMty/O5KPNG7L0nrUKlnfr9J
rStC2l/9FK8P7pgEbiD6obY11FlhMMF8udECggEBAIKhvOFtipD1jqDOpjOoR9sK
/lRR5bVVWQfamMDN1AwmjJbVHS8hhtYUM/4sh2p12P6RgoO8fODf1vEcWFh3xxNZ
E1pPCPaICD9i5U+NRvPz2vC900HcraLRrUFaRzwhqOOknYJSBrGzW+Cx3YSeaOCg
nKyI8B5gw4C0G0iL1dSsz2bR1O4GNOVfT3R6joZEXATFo/Kc2L0YAvApBNUYvY0k
bjJ/JfTO5060SsWftf4iw3jrhSn9RwTTYdq/kErGFWvDGJn2MiuhMe2onNfVzIGR
mdUxHwi1ulkspAn/fmY7f0hZpskDwcHyZmbKZuk+NU/FJ8IAcmvk9y7m25nSSc8=
-----END RSA PRIVATE KEY-----"""
`,
);

writeRound(18, samples);
