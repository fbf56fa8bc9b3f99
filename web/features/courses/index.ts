// What other features may use from this one (decision 025); everything else here is the feature's own.
export { type AuthoredCourse, courseKeys, useCourse } from './api';
export { CourseDetails } from './course-details';
export { StatusBadge } from './status-badge';
export { type CourseVideo, videosQuery } from './video-api';
