// What other features may use from this one (decision 025); everything else here is the feature's own.
export { LessonNotesButton } from './lesson-notes-editor';
export { LessonNotesPanel } from './lesson-notes-panel';
