import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createServer, type Server } from 'node:http';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function makeKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid,
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/**
 * A tiny OpenID provider on loopback: discovery document and JWKS over node:http, keys
 * from jose. `rotate()` replaces the published key with a new one (new kid).
 */
export class TestIssuer {
  url = '';
  private server: Server | undefined;
  private key!: SigningKey;
  private generation = 0;
  jwksRequests = 0;

  async start(): Promise<this> {
    this.key = await makeKey(`k${this.generation}`);
    this.server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') {
        res.end(
          JSON.stringify({
            issuer: this.url,
            jwks_uri: `${this.url}/jwks`,
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
      } else if (req.url === '/jwks') {
        this.jwksRequests++;
        res.end(JSON.stringify({ keys: [this.key.jwk] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  async rotate(): Promise<void> {
    this.generation++;
    this.key = await makeKey(`k${this.generation}`);
  }

  /** A token; `sign` overrides who signs (a key the issuer never published, for forgeries). */
  async token(
    claims: Record<string, unknown>,
    options: {
      audience?: string;
      issuer?: string;
      subject?: string;
      expiresIn?: number;
      issuedAt?: number;
      forge?: boolean;
    } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const signer = options.forge ? (await makeKey(this.key.kid)).privateKey : this.key.privateKey;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: this.key.kid })
      .setIssuer(options.issuer ?? this.url)
      .setAudience(options.audience ?? 'evid-api')
      .setSubject(options.subject ?? 'alice')
      .setIssuedAt(options.issuedAt ?? now)
      .setExpirationTime((options.issuedAt ?? now) + (options.expiresIn ?? 300))
      .sign(signer);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
