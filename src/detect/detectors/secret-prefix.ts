/** Prefixes that identify a token's issuer and are safe to show in a masked value. */
export const PUBLIC_SECRET_PREFIX =
  /^(?:AKIA|ASIA|ABIA|ACCA|AIza|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|[sr]k_(?:live|test)_|sk-(?:proj-|svcacct-|admin-|ant-(?:api|admin)\d{2,4}-)?|hf_|npm_|eyJ|SG\.|pypi-|glsa_|glc_|gsk_|lin_api_|ntn_|shp(?:pa|ca|at|ss)_|hv[sbr]\.|vc[pciark]_|dckr_pat_|figd_|ops_|key-|mdb_sa_sk_|k2sk_v1_|https:\/\/hooks\.slack\.com\/services\/|-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----)/;
