import type { installEn } from './install.en.ts';
import type { Widen } from './widen.ts';

/** French texts of the install page, key for key with `installEn`. */
export const installFr: Widen<typeof installEn> = {
  install: {
    title: 'Ajouter une caméra',
    byUrl: 'Par adresse',
    byIp: 'Par adresse IP',
    url: 'Adresse de la caméra (RTSP)',
    urlHint: 'Par exemple rtsp://utilisateur:motdepasse@192.168.1.20:554/stream1',
    scheme: 'Protocole',
    ip: 'Adresse IP ou nom d’hôte',
    port: 'Port',
    path: 'Chemin',
    username: 'Nom d’utilisateur',
    password: 'Mot de passe',
    name: 'Nom de la caméra',
    ptz: 'Cette caméra peut s’orienter et zoomer',
    onvifPort: 'Port ONVIF (facultatif)',
    onvifHint:
      'Pour l’orientation et le zoom : la caméra est interrogée en ONVIF sur ce port (80 s’il est vide).',
    submit: 'Ajouter la caméra',
    checking: 'Vérification de la caméra (jusqu’à {{seconds}} s)…',
    added: '{{name}} a été ajoutée.',
    watch: 'La voir en direct',
    errors: {
      install_unreachable: 'La caméra est injoignable. Vérifiez son adresse et qu’elle est sur le réseau.',
      install_missing_credentials: 'La caméra demande un nom d’utilisateur et un mot de passe.',
      install_unauthorised: 'La caméra a refusé le nom d’utilisateur ou le mot de passe.',
      install_connection_timeout: 'La caméra n’a pas répondu à temps.',
      install_unsupported_codec:
        'La vidéo de cette caméra n’est pas prise en charge (H.264 ou H.265 requis).',
      camera_address_not_allowed: 'Cette adresse n’est pas autorisée pour une caméra.',
      camera_exists: 'Cette caméra est déjà installée.',
    },
  },
};
