/** English texts of the image and clip viewers (decision 0860), added when its screens load. */
export const mediaEn = {
  media: {
    noImage: 'No image',
    before: 'Before',
    compare: 'Compare with the previous event',
    controls: 'Picture controls',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    rotate: 'Rotate',
    snapshot: 'Snapshot',
    noFrame: 'The video has no picture to save yet.',
    previous: 'Previous',
    next: 'Next',
  },
};
