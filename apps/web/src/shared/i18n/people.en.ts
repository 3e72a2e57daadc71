/** English texts of the people counting screen (decision 0794), merged into `en`. */
export const peopleEn = {
  people: {
    intro: 'People crossing the count lines of a camera, as counted while it sees motion.',
    camera: 'Camera',
    day: 'Day',
    noCameras: 'No camera to count on yet.',
    loading: 'Loading counts…',
    failed: 'The counts could not be loaded.',
    none: 'Nobody crossed a count line of this camera on this day.',
    totalsCaption: 'People per count line over the day',
    hourlyCaption: 'People per hour and count line',
    line: 'Count line',
    hour: 'Hour',
    in: 'In',
    out: 'Out',
    howTo: 'Count lines are drawn in the camera’s settings, under analytics areas; analytics must be on.',
  },
};
