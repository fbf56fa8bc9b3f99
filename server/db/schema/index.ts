export * from './common';
export * from './courses';
export * from './plans';
export * from './users';
export * from './quizzes';
