/** English texts of the video player (decision 0860), added when its screens load. */
export const playerEn = {
  player: {
    label: 'Video player',
    dewarped: 'Flattened fisheye picture',
    seek: 'Seek',
    play: 'Play',
    pause: 'Pause',
    mute: 'Mute',
    unmute: 'Unmute',
    dewarp: 'Fisheye',
    layout: 'Fisheye view',
    layouts: { single: 'Single', quad: 'Quad', triple: 'Triple' },
    mount: 'Camera mounted on',
    mounts: { ceiling: 'Ceiling', wall: 'Wall', floor: 'Floor' },
    fov: 'Field of view',
    snapshot: 'Snapshot',
    fullscreen: 'Full screen',
    errors: {
      generic: 'The video could not be played.',
      missing: 'There is no video here.',
      hostOffline:
        'This footage is on a recorder that is offline. It plays again once that recorder is back.',
      build: 'The video could not be built.',
      h265: 'This browser cannot play H.265 video.',
    },
  },
};
