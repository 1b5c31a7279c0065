import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
}

/**
 * An OpenID provider on loopback for the authorization code flow with PKCE: discovery,
 * JWKS, an /authorize that approves at once (redirects back with a code), and a /token
 * that redeems a code once, only with the verifier whose S256 challenge /authorize got
 * (RFC 7636 4.6), answering an RS256 ID token with the request's nonce.
 */
export class TestOidcProvider {
  url = '';
  /** The ID token's claims besides iss/aud/sub/exp/nonce (set `evid_role` per test). */
  claims: Record<string, unknown> = { email: 'sso.user@example.com', evid_role: 'analyst' };
  subject = 'sso-user-1';
  readonly authorizeRequests: URLSearchParams[] = [];
  readonly tokenAnswers: number[] = [];
  private server: Server | undefined;
  private key!: { privateKey: CryptoKey; jwk: JWK };
  private readonly grants = new Map<string, Grant>();

  async start(): Promise<this> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    this.key = { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' } };
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.url);
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer: this.url,
          jwks_uri: `${this.url}/jwks`,
          authorization_endpoint: `${this.url}/authorize`,
          token_endpoint: `${this.url}/token`,
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (url.pathname === '/jwks') return json(res, 200, { keys: [this.key.jwk] });
      if (url.pathname === '/authorize') {
        const q = url.searchParams;
        this.authorizeRequests.push(q);
        if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256') {
          return json(res, 400, { error: 'invalid_request' });
        }
        const code = randomBytes(16).toString('hex');
        this.grants.set(code, {
          clientId: q.get('client_id')!,
          redirectUri: q.get('redirect_uri')!,
          challenge: q.get('code_challenge')!,
          nonce: q.get('nonce')!,
        });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state')!);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => void this.token(new URLSearchParams(body), res));
        return;
      }
      json(res, 404, {});
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  private async token(form: URLSearchParams, res: import('node:http').ServerResponse) {
    const grant = this.grants.get(form.get('code') ?? '');
    this.grants.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const ok =
      grant !== undefined &&
      form.get('grant_type') === 'authorization_code' &&
      form.get('client_id') === grant.clientId &&
      form.get('redirect_uri') === grant.redirectUri &&
      createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
    if (!ok) {
      this.tokenAnswers.push(400);
      return json(res, 400, { error: 'invalid_grant' });
    }
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT({ ...this.claims, nonce: grant.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(this.url)
      .setAudience(grant.clientId)
      .setSubject(this.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(this.key.privateKey);
    this.tokenAnswers.push(200);
    json(res, 200, {
      access_token: 'opaque',
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function json(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
