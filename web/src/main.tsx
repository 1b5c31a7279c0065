import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './style.css';
import { api, setCsrfToken, whenSignedOut } from './api';
import { href, useRoute } from './router';
import { SessionContext, type SessionUser } from './session';
import { CompliancePage } from './pages/compliance';
import { FindingPage } from './pages/finding';
import { FindingsPage } from './pages/findings';
import { KillSwitchPage } from './pages/kill-switch';
import { LedgerPage } from './pages/ledger';
import { OverviewPage } from './pages/overview';
import { SettingsPage } from './pages/settings';
import { SignInPage } from './pages/sign-in';
import { TracePage } from './pages/trace';
import { TracesPage } from './pages/traces';

interface SessionAnswer {
  user: SessionUser;
  csrf_token: string;
}

const NAV: Array<[string, string]> = [
  ['', 'Overview'],
  ['traces', 'Traces'],
  ['findings', 'Findings'],
  ['compliance', 'Compliance'],
  ['ledger', 'Ledger'],
  ['kill-switch', 'Kill switch'],
  ['settings', 'Settings'],
];

function Content() {
  const { path, params } = useRoute();
  const [section = '', id] = path;
  if (section === 'traces') return id ? <TracePage id={id} /> : <TracesPage params={params} />;
  if (section === 'findings')
    return id ? <FindingPage id={id} /> : <FindingsPage params={params} />;
  if (section === 'compliance') return <CompliancePage params={params} />;
  if (section === 'ledger') return <LedgerPage />;
  if (section === 'kill-switch') return <KillSwitchPage />;
  if (section === 'settings') return <SettingsPage />;
  return <OverviewPage />;
}

function Shell({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const { path } = useRoute();
  const section = path[0] ?? '';
  return (
    <SessionContext.Provider value={user}>
      <a
        class="skip"
        href="#main"
        onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}
      >
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="#/">
          evid
        </a>
        <nav aria-label="sections">
          {NAV.map(([p, label]) => (
            <a href={href(p)} aria-current={section === p ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
        <div class="who">
          <span title={`role ${user.role}`}>
            {user.email} <span class={`role role-${user.role}`}>{user.role}</span>
          </span>
          <button class="link" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Content />
      </main>
    </SessionContext.Provider>
  );
}

function App() {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  useEffect(() => {
    whenSignedOut(() => setUser(null));
    api<SessionAnswer>('/session', { quiet401: true }).then(
      (s) => {
        setCsrfToken(s.csrf_token);
        setUser(s.user);
      },
      () => setUser(null),
    );
  }, []);
  if (user === undefined) return <p class="muted center">Loading…</p>;
  if (user === null) {
    return (
      <SignInPage
        onSignedIn={(s: SessionAnswer) => {
          setCsrfToken(s.csrf_token);
          setUser(s.user);
        }}
      />
    );
  }
  const signOut = () => {
    void api('/session', { method: 'DELETE' }).finally(() => {
      setCsrfToken('');
      setUser(null);
    });
  };
  return <Shell user={user} onSignOut={signOut} />;
}

render(<App />, document.getElementById('app')!);
