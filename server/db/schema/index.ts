export * from './common';
export * from './courses';
export * from './plans';
export * from './quizzes';
export * from './users';
