export * from './common';
export * from './courses';
export * from './gurus';
export * from './library';
export * from './plans';
export * from './quizzes';
export * from './support';
export * from './users';
