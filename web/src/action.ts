import { useState } from 'preact/hooks';
import { ApiError } from './api';

/** A write's busy flag and error message, so a form shows both the same way everywhere. */
export function useAction(): {
  busy: boolean;
  error: string | undefined;
  run: (write: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (write: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await write();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
