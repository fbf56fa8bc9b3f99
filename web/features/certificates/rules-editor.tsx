import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { COMPLETION_LIMITS, type CompletionRules } from '../../../common/certificates';
import { toast } from '../../app/toast';
import { useCompletionRules, useSaveCompletionRules } from './api';
import { useT } from './i18n';

/**
 * A course's completion rules (decision 079): whether certificates are issued, the share of each lesson to watch,
 * which quizzes to pass and with what score, and questions to ask the guru. The server checks every rule; this
 * form only says what the author chose.
 */
/** A number field as typed: a number, or the text while it is being typed ('' when cleared). */
type Typed = number | string;

/** The rules as the form holds them: numbers as typed, checked only when saved. */
interface DraftRules {
  enabled: boolean;
  lessonPercent: Typed;
  quizzes: { quizId: string; minPercent: Typed }[] | null;
  guruQuestions: Typed;
}

const wholeIn = (value: Typed, min: number, max: number): number | null => {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : null;
};

/** The draft as rules, or null when a field is out of its range (its message is then shown under it). */
function checked(draft: DraftRules): CompletionRules | null {
  const lessonPercent = wholeIn(draft.lessonPercent, COMPLETION_LIMITS.lessonPercentMin, 100);
  const guruQuestions = wholeIn(draft.guruQuestions, 0, COMPLETION_LIMITS.guruQuestionsMax);
  const quizzes = draft.quizzes?.map((rule) => ({
    quizId: rule.quizId,
    minPercent: wholeIn(rule.minPercent, 0, 100),
  }));
  if (lessonPercent === null || guruQuestions === null || quizzes?.some((rule) => rule.minPercent === null))
    return null;
  return {
    enabled: draft.enabled,
    lessonPercent,
    guruQuestions,
    quizzes: quizzes
      ? quizzes.map((rule) => ({ quizId: rule.quizId, minPercent: rule.minPercent ?? 0 }))
      : null,
  };
}

export function RulesEditor({ courseId }: { courseId: string }) {
  const t = useT();
  const loaded = useCompletionRules(courseId);
  const save = useSaveCompletionRules(courseId);
  const [rules, setRules] = useState<DraftRules | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (loaded.data) setRules(loaded.data.rules);
  }, [loaded.data]);

  if (loaded.isError)
    return (
      <Alert color="red" role="alert">
        {loaded.error.message}
      </Alert>
    );
  if (loaded.isPending || !rules)
    return <Loader size="sm" role="status" aria-label={t('certificates.rulesEditor.loading')} />;
  const quizzes = loaded.data.quizzes;
  const chosen = rules.quizzes;
  const update = (patch: Partial<DraftRules>) => setRules({ ...rules, ...patch });
  const minFor = (quizId: string) => chosen?.find((rule) => rule.quizId === quizId)?.minPercent;
  const problem = (value: Typed, min: number, max: number, key: string) =>
    tried && rules.enabled && wholeIn(value, min, max) === null ? t(key) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        const valid = checked(rules);
        if (valid)
          save.mutate(valid, { onSuccess: () => toast('success', t('certificates.rulesEditor.saved')) });
      }}
    >
      <Stack>
        <Switch
          checked={rules.enabled}
          onChange={(event) => update({ enabled: event.currentTarget.checked })}
          label={t('certificates.rulesEditor.enabled')}
          description={t('certificates.rulesEditor.enabledHint')}
        />
        <NumberInput
          label={t('certificates.rulesEditor.lessonPercent')}
          description={t('certificates.rulesEditor.lessonPercentHint')}
          min={COMPLETION_LIMITS.lessonPercentMin}
          max={100}
          suffix="%"
          allowDecimal={false}
          value={rules.lessonPercent}
          onChange={(value) => update({ lessonPercent: value })}
          error={problem(
            rules.lessonPercent,
            COMPLETION_LIMITS.lessonPercentMin,
            100,
            'certificates.rulesEditor.lessonPercentRange',
          )}
          disabled={!rules.enabled}
          maw={260}
        />
        <Radio.Group
          label={t('certificates.rulesEditor.quizzes')}
          value={chosen === null ? 'all' : 'chosen'}
          onChange={(value) => update({ quizzes: value === 'all' ? null : [] })}
        >
          <Stack gap={6} mt={6}>
            <Radio value="all" label={t('certificates.rulesEditor.allQuizzes')} disabled={!rules.enabled} />
            <Radio
              value="chosen"
              label={t('certificates.rulesEditor.chosenQuizzes')}
              disabled={!rules.enabled}
            />
          </Stack>
        </Radio.Group>
        {chosen !== null &&
          (quizzes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('certificates.rulesEditor.noQuizzes')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('certificates.rulesEditor.quiz')}</Table.Th>
                    <Table.Th>{t('certificates.rulesEditor.minPercent')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {quizzes.map((quiz) => {
                    const min = minFor(quiz.id);
                    return (
                      <Table.Tr key={quiz.id}>
                        <Table.Td>
                          <Checkbox
                            label={quiz.title}
                            checked={min !== undefined}
                            disabled={!rules.enabled}
                            onChange={(event) =>
                              update({
                                quizzes: event.currentTarget.checked
                                  ? [...chosen, { quizId: quiz.id, minPercent: quiz.passPercent }]
                                  : chosen.filter((rule) => rule.quizId !== quiz.id),
                              })
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={t('certificates.rulesEditor.minPercentOf', { quiz: quiz.title })}
                            min={0}
                            max={100}
                            suffix="%"
                            allowDecimal={false}
                            value={min ?? quiz.passPercent}
                            disabled={min === undefined || !rules.enabled}
                            onChange={(value) =>
                              update({
                                quizzes: chosen.map((rule) =>
                                  rule.quizId === quiz.id
                                    ? { ...rule, minPercent: Number(value) || 0 }
                                    : rule,
                                ),
                              })
                            }
                            maw={120}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
        <NumberInput
          label={t('certificates.rulesEditor.guruQuestions')}
          description={t('certificates.rulesEditor.guruQuestionsHint')}
          min={0}
          max={COMPLETION_LIMITS.guruQuestionsMax}
          allowDecimal={false}
          value={rules.guruQuestions}
          onChange={(value) => update({ guruQuestions: value })}
          error={problem(
            rules.guruQuestions,
            0,
            COMPLETION_LIMITS.guruQuestionsMax,
            'certificates.rulesEditor.guruQuestionsRange',
          )}
          disabled={!rules.enabled}
          maw={260}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('certificates.rulesEditor.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
