/** English texts of the evidence screens (the /verify page, decision 0506), merged into `en`. */
export const evidenceEn = {
  evidence: {
    intro:
      'Drop a clip downloaded from {{brand}}, or its manifest (.json), to check that it is exactly the file that was exported: not cut, re-encoded or altered.',
    dropHere: 'Drop a clip or a manifest here',
    or: 'or',
    choose: 'Choose files',
    privacy: 'The clip stays on this device: only its SHA-256 fingerprint is sent.',
    results: 'Results',
    hashing: 'Computing the fingerprint of {{name}}',
    progress: 'Computing the fingerprint… {{percent}}%',
    verifiedClip: 'Verified: this file is unaltered, exactly as it was exported.',
    verifiedManifest: 'Verified: this manifest is genuine and unaltered.',
    notVerified: 'Not verified',
    reasons: {
      clipNotFound:
        'No export has exactly this content. The file may have been modified, trimmed or re-encoded, or it was not exported from here.',
      recordBroken: 'The record of this export does not match its signature. Contact support.',
      not_found: 'No export matches this manifest.',
      bad_signature: 'This manifest has been changed since it was signed.',
      unknown_key: 'This manifest was not signed by this service.',
      malformed: 'This file is not a manifest of this service.',
    },
    fields: {
      camera: 'Camera',
      range: 'Recorded',
      exporter: 'Exported by',
      exportedAt: 'Exported on',
      filename: 'File name',
      size: 'Size',
      sha256: 'SHA-256',
      issuer: 'Signed by',
    },
    viaShare: 'A visitor of a share link',
    bytes_one: '{{formatted}} byte',
    bytes_other: '{{formatted}} bytes',
    key: 'key {{keyId}}',
    offline:
      'To check offline: the signature is Ed25519 over the manifest as canonical JSON (keys sorted, no spaces).',
    publicKey: 'Public key (PEM)',
  },
} as const;
