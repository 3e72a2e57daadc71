/**
 * ffmpeg arguments that read one JPEG on stdin and write the model's input on stdout: size × size RGB bytes, the
 * picture scaled to fit with its aspect ratio kept and centred on black (letterboxed: a 16:9 picture squeezed
 * into a square makes people thin, and the detector scores them lower).
 */
export function modelInputArgs(size: number): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'image2pipe',
    '-i',
    'pipe:0',
    '-vf',
    `scale=${size}:${size}:force_original_aspect_ratio=decrease,pad=${size}:${size}:(ow-iw)/2:(oh-ih)/2`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
}
