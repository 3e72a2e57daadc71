import type { evidenceEn } from './evidence.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the evidence screens, key for key with `evidenceEn`. */
export const evidenceFr: Widen<typeof evidenceEn> = {
  evidence: {
    intro:
      'Déposez un extrait téléchargé depuis {{brand}}, ou son manifeste (.json), pour vérifier qu’il s’agit exactement du fichier exporté : ni coupé, ni réencodé, ni modifié.',
    dropHere: 'Déposez un extrait ou un manifeste ici',
    or: 'ou',
    choose: 'Choisir des fichiers',
    privacy: 'L’extrait reste sur cet appareil : seule son empreinte SHA-256 est envoyée.',
    results: 'Résultats',
    hashing: 'Calcul de l’empreinte de {{name}}',
    progress: 'Calcul de l’empreinte… {{percent}} %',
    verifiedClip: 'Vérifié : ce fichier est intact, exactement tel qu’il a été exporté.',
    verifiedManifest: 'Vérifié : ce manifeste est authentique et intact.',
    notVerified: 'Non vérifié',
    reasons: {
      clipNotFound:
        'Aucun export n’a exactement ce contenu. Le fichier a peut-être été modifié, coupé ou réencodé, ou il n’a pas été exporté d’ici.',
      recordBroken: 'L’enregistrement de cet export ne correspond pas à sa signature. Contactez le support.',
      not_found: 'Aucun export ne correspond à ce manifeste.',
      bad_signature: 'Ce manifeste a été modifié depuis sa signature.',
      unknown_key: 'Ce manifeste n’a pas été signé par ce service.',
      malformed: 'Ce fichier n’est pas un manifeste de ce service.',
    },
    fields: {
      camera: 'Caméra',
      range: 'Enregistré',
      exporter: 'Exporté par',
      exportedAt: 'Exporté le',
      filename: 'Nom du fichier',
      size: 'Taille',
      sha256: 'SHA-256',
      issuer: 'Signé par',
    },
    viaShare: 'Un visiteur d’un lien de partage',
    bytes_one: '{{formatted}} octet',
    bytes_other: '{{formatted}} octets',
    key: 'clé {{keyId}}',
    offline:
      'Pour vérifier hors ligne : la signature est Ed25519 sur le manifeste en JSON canonique (clés triées, sans espaces).',
    publicKey: 'Clé publique (PEM)',
  },
};
