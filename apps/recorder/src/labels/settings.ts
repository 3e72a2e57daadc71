/** Recognition labels' tuning (decision 0555), in one place. */

/** Detections below it are not labels. The model scores clear people at 0.55–0.8 and empty scenes below 0.1. */
export const LABEL_MIN_CONFIDENCE = 0.4;
/** Two boxes of one class overlapping more than this are one object. */
export const LABEL_NMS_IOU = 0.5;
/** At most this many labels per event, best first. */
export const LABELS_PER_EVENT = 3;
/** Detections kept from one picture before they become labels. */
export const MAX_DETECTIONS = 20;
/** Pictures waiting for the recogniser; more are dropped and counted. */
export const LABEL_QUEUE_CAPACITY = 8;
/** Nice value of the recogniser's thread (Linux: per thread), below ingest, HTTP and stills. */
export const LABEL_THREAD_NICE = 19;
/**
 * Nice value of the ffmpeg decodes that only analytics use (people counting's live keyframes, the plates' recorded
 * keyframes): as low as the analytics' threads, so that they never take a core from recording and live (0798).
 */
export const ANALYSIS_NICE = LABEL_THREAD_NICE;
