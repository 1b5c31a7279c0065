import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api';
import type { SessionUser } from '../session';

export function SignInPage(props: {
  onSignedIn: (s: { user: SessionUser; csrf_token: string }) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sso, setSso] = useState(false);
  useEffect(() => {
    api<{ oidc: boolean }>('/session/methods', { quiet401: true }).then(
      (m) => setSso(m.oidc),
      () => setSso(false),
    );
  }, []);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const s = await api<{ user: SessionUser; csrf_token: string }>('/session', {
        method: 'POST',
        body: { email, password },
        quiet401: true,
      });
      props.onSignedIn(s);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="signin">
      <form onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">
          <span class="brand">evid</span> Sign in
        </h1>
        <p class="muted">Evidence of what your AI agents did, and proof that it is intact.</p>
        <label>
          E-mail
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button class="primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {sso && (
          <a class="button sso" href="/api/v1/session/oidc">
            Sign in with single sign-on
          </a>
        )}
        <p class="muted small">
          No account? An administrator adds one with <code>evid admin users add</code>.
        </p>
      </form>
    </main>
  );
}
