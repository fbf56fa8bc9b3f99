// What other features may use from this one (decision 025); everything else here is the feature's own.
export { QuizStep } from './authoring/quiz-step';
export { MarkingLink } from './marking/marking-link';
export { CourseQuizzes } from './taking/course-quizzes';
