import { sql } from 'drizzle-orm';
import type { SourceKind } from '../../../common/gurus';
import type { App } from '../../http/app-type';
import type { Passage } from '../../providers/llm/types';

/**
 * The relevance floor. A passage counts only when its ts_rank_cd reaches MIN_RANK and it shares enough of the
 * question's topic words (its lexemes but the FILLER ones): at least MIN_MATCHED of them, or all of them when
 * the question has fewer. One shared everyday word ("world", "best") is not enough, so off-topic questions find
 * nothing. Tuned by retrieval.test.ts and bench/guru-answers.ts.
 */
export const MIN_RANK = 0.01;
export const MIN_MATCHED = 2;
/** Stemmed words of how a question is asked, not what about ("what does X mean", "please explain Y"). */
export const FILLER = [
  'mean',
  'explain',
  'tell',
  'describ',
  'defin',
  'understand',
  'know',
  'help',
  'pleas',
  'want',
];

interface Row extends Record<string, unknown> {
  id: string;
  source_kind: SourceKind;
  title: string;
  text: string;
  course_id: string | null;
  video_id: string | null;
  material_id: string | null;
  start_seconds: number | null;
  page: number | null;
  slide: number | null;
  rank: number;
  matched: number;
  wanted: number;
}

/**
 * The guru's passages most relevant to the question, best first; [] when nothing clears the floor (only
 * stop words, or a question the material does not cover). The question's own lexemes (english stemming,
 * stop words dropped) are OR-ed into a tsquery inside PostgreSQL: each lexeme is quoted as a tsquery
 * literal and the text is cast, not parsed, so nothing the user typed becomes query syntax or SQL.
 */
export async function retrievePassages(
  app: App,
  guruId: string,
  question: string,
  limit = 5,
): Promise<Passage[]> {
  const result = await app.db.execute<Row>(sql`
    with lexemes as (
      select distinct lexeme from unnest(to_tsvector('english', ${question.slice(0, 2000)})) as t(lexeme)
    ),
    q as (
      select
        string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery as query,
        array_agg(lexeme) filter (where not (lexeme = any(string_to_array(${FILLER.join(' ')}, ' ')))) as topic
      from lexemes
    ),
    hits as (
      select c.*, ts_rank_cd(c.search, q.query) as rank, coalesce(cardinality(q.topic), 0) as wanted,
        (select count(*)::int from unnest(q.topic) as w(word)
          where c.search @@ ('''' || replace(replace(w.word, '\\', '\\\\'), '''', '''''') || '''')::tsquery) as matched
      from guru_chunks c, q
      where q.query is not null and c.guru_id = ${guruId} and c.search @@ q.query
    )
    select id, source_kind, title, text, course_id, video_id, material_id, start_seconds, page, slide,
      rank, matched, wanted
    from hits
    where rank >= ${MIN_RANK} and wanted > 0 and matched >= least(${MIN_MATCHED}, wanted)
    order by matched desc, rank desc, position asc
    limit ${limit}
  `);
  return result.rows.map((row) => ({
    chunkId: row.id,
    sourceKind: row.source_kind,
    title: row.title,
    text: row.text,
    courseId: row.course_id,
    videoId: row.video_id,
    materialId: row.material_id,
    startSeconds: row.start_seconds === null ? null : Number(row.start_seconds),
    page: row.page,
    slide: row.slide,
    rank: Number(row.rank),
  }));
}
