// What other features may use from this one (decision 025); everything else here is the feature's own.
export { courseKeys, useCourse } from './api';
export { CourseDetails } from './course-details';
export { StatusBadge } from './status-badge';
export { videosQuery } from './video-api';
