import { expect } from 'vitest';
import type { GuruDetail, TrainingInfoInput } from '../../common/contracts/gurus';
import type { App } from '../http/app-type';

type Headers = Record<string, string>;

/** A complete, valid training-information payload, as POST /api/gurus accepts it. */
export const VALID_GURU_INFO = {
  name: 'Algebra Guru',
  subject: 'Algebra',
  instructions: 'Be kind and brief.',
  teachingMode: 'direct',
} satisfies TrainingInfoInput;

/** Creates a guru through POST /api/gurus with VALID_GURU_INFO and `input`; returns the GuruDetail. */
export async function createGuru(
  app: App,
  headers: Headers,
  input: Partial<TrainingInfoInput> = {},
): Promise<GuruDetail> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/gurus',
    payload: { ...VALID_GURU_INFO, ...input },
    headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as GuruDetail;
}

/** Points a guru at courses (and videos of them) through PUT /api/gurus/:id/sources. */
export async function setGuruSources(
  app: App,
  headers: Headers,
  guruId: string,
  courseIds: string[],
  videoIds: string[] = [],
): Promise<GuruDetail> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/gurus/${guruId}/sources`,
    payload: { courseIds, videoIds },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GuruDetail;
}
