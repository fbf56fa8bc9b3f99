import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

const guru = `/api/gurus/${NO_SUCH_ID}`;

/** Building gurus: admins, institutes and teachers (the owner side of each guru is checked inside). */
export const GURUS_ROUTES: RouteCase[] = casesFor(AUTHOR_ROLES, [
  ['GET', '/api/gurus', '/api/gurus'],
  ['POST', '/api/gurus', '/api/gurus'],
  ['GET', '/api/gurus/source-options', '/api/gurus/source-options'],
  ['GET', '/api/gurus/:guruId', guru],
  ['DELETE', '/api/gurus/:guruId', guru],
  ['PUT', '/api/gurus/:guruId/training-information', `${guru}/training-information`],
  ['PUT', '/api/gurus/:guruId/sources', `${guru}/sources`],
  ['PUT', '/api/gurus/:guruId/avatar', `${guru}/avatar`],
  ['POST', '/api/gurus/:guruId/avatar-image', `${guru}/avatar-image`],
  ['PUT', '/api/gurus/:guruId/avatar-gallery', `${guru}/avatar-gallery`, { avatar: 'turban' }],
  ['POST', '/api/gurus/:guruId/avatar-glb', `${guru}/avatar-glb`],
  ['PUT', '/api/gurus/:guruId/introduction', `${guru}/introduction`],
  ['POST', '/api/gurus/:guruId/introduction-video', `${guru}/introduction-video`],
  ['PUT', '/api/gurus/:guruId/questions/:kind', `${guru}/questions/faq`, { items: [] }],
]);
