import type { ReportFormat } from './manifest.js';

/** README.txt of a pack: what is in it and how to check it, for whoever receives the zip. */
export function packReadme(packId: string, fingerprint: string, format: ReportFormat): string {
  const report =
    format === 'json'
      ? '  (json pack: the summary is the "summary" member of evidence.json)'
      : `  report.${format}         the human-readable summary`;
  return `Evidence pack ${packId}

Files
  manifest.json          pack id, filters, signed tree head, SHA-256 of every other file
  manifest.sig           the manifest's SHA-256, signed by the ledger key (C2SP signed note)
  evidence.json          the pack's header, summary and control mappings
  records.ndjson         every included record exactly as the ledger commits to it, with
                         its ledger entry and its part of one batch inclusion proof, one
                         per line in ledger order (docs/packs.md of evid: the format)
  ledger-public-key.pem  the ledger's Ed25519 public key (do not trust it on its own)
  verify.mjs             an offline verifier that needs only Node.js (>= 20)
${report}

Verify
  With the store:   audit evidence verify ${packId}.zip
  Away from it:     audit evidence verify ${packId}.zip --fingerprint <hex>
  With only Node:   unzip ${packId}.zip -d pack && node pack/verify.mjs pack --fingerprint <hex>
                    (or: node verify.mjs ${packId}.zip --fingerprint <hex>)

Pin the fingerprint you were given by the store's operator through another channel. The
key in this pack has fingerprint
  ${fingerprint}
but a forger who rewrote the pack would have put their own key here, so compare, do not copy.
For the same reason, check verify.mjs (it is templates/verify.mjs of the evid package that
built the pack) before running it, or run your own copy of it on this pack.
`;
}
