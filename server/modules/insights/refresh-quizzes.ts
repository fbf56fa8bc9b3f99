import { sql } from 'drizzle-orm';
import { CHOICE_TYPES } from '../../../common/quizzes';
import { MOMENT_SLACK_SECONDS, type Tx } from './refresh-sources';

export const TOP_QUIZ_QUESTIONS = 15;

/**
 * The quiz questions answered wrong most often (lowest right rate first, then the most answered), the top
 * TOP_QUIZ_QUESTIONS: counted answers and right ones, the wrong options chosen in wrong answers (choice
 * questions), the lesson moment the question tests and how many who got it wrong asked a guru about that moment.
 */
export async function writeQuizQuestions(tx: Tx, courseId: string): Promise<void> {
  const choiceTypes = sql.join(
    CHOICE_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into insight_quiz_questions (course_id, question_id, rank, quiz_id, quiz_title, prompt, answers, "right",
                                        right_rate, wrong_options, moment_video_id, moment_title, moment_seconds,
                                        wrong_and_asked)
    with per_question as (
      select question_id, count(*)::int as answers, (count(*) filter (where is_right))::int as rights
      from insight_tmp_quiz_answers
      group by question_id
    ), top as (
      select p.*, p.rights::real / p.answers as right_rate,
             row_number() over (order by p.rights::real / p.answers, p.answers desc, p.question_id) as rank
      from per_question p
      order by rank
      limit ${TOP_QUIZ_QUESTIONS}
    ), wrong_choices as (
      select w.question_id, o.option_id, count(*)::int as chosen
      from insight_tmp_quiz_answers w
      join top t on t.question_id = w.question_id
      cross join lateral (select distinct jsonb_array_elements_text(w.chosen) as option_id) o
      where not w.is_right
      group by 1, 2
    ), wrong_options as (
      select c.question_id,
             jsonb_agg(jsonb_build_object('label', opt->>'text', 'count', c.chosen)
                       order by c.chosen desc, opt->>'text') as options
      from wrong_choices c
      join insight_tmp_questions q on q.id = c.question_id and q.type in (${choiceTypes})
      cross join lateral jsonb_array_elements(q.options) opt
      where opt->>'id' = c.option_id and not coalesce((opt->>'correct')::boolean, false)
      group by c.question_id
    ), asked as (
      select distinct a.user_id, a.video_id, a.start_seconds
      from insight_tmp_answers a
      where a.kind in ('video', 'slide') and a.user_id is not null
    ), wrong_and_asked as (
      select w.question_id, count(distinct w.user_id)::int as students
      from insight_tmp_quiz_answers w
      join top t on t.question_id = w.question_id
      join insight_tmp_questions q on q.id = w.question_id
      where not w.is_right and exists (
        select 1 from asked a
        where a.user_id = w.user_id and a.video_id = q.video_id
          and abs(a.start_seconds - q.video_seconds) <= ${MOMENT_SLACK_SECONDS})
      group by w.question_id
    )
    select ${courseId}::uuid, t.question_id, t.rank, q.quiz_id, coalesce(q.quiz_title, ''), coalesce(q.prompt, ''),
           t.answers, t.rights, t.right_rate, coalesce(o.options, '[]'::jsonb),
           case when q.video_seconds is not null then q.video_id end,
           case when q.video_seconds is not null then coalesce(l.title, cv.title) end,
           case when q.video_id is not null then q.video_seconds end,
           coalesce(w.students, 0)
    from top t
    join insight_tmp_questions q on q.id = t.question_id
    left join insight_tmp_lessons l on l.id = q.video_id
    left join course_videos cv on cv.id = q.video_id
    left join wrong_options o on o.question_id = t.question_id
    left join wrong_and_asked w on w.question_id = t.question_id`);
}
