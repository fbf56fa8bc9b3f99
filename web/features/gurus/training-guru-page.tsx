import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Stepper,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { GuruDetail } from '../../../common/contracts/gurus';
import { GURU_STEPS, GURU_TABS, type GuruStep, type GuruTab } from '../../../common/gurus';
import { LoadFailed } from '../../components/load-failed';
import { useGuru, useGurus } from './api';
import { AvatarStep } from './avatar-step';
import { rich, useT } from './i18n';
import { IntroductionTab } from './introduction-tab';
import { QuestionsTab } from './questions-tab';
import { SourcesStep } from './sources-step';
import { TrainPanel } from './train-panel';
import { TrainingInfoForm } from './training-info-form';
import { useTrainingEvents } from './use-training-events';

const STEP_LABEL_KEYS: Record<GuruStep, string> = {
  'training-information': 'gurus.page.stepInfo',
  'course-videos': 'gurus.page.stepSources',
  'avatar-information': 'gurus.page.stepAvatar',
};
const TAB_LABEL_KEYS: Record<GuruTab, string> = {
  introduction: 'gurus.page.tabIntroduction',
  demo: 'gurus.page.tabDemo',
  faq: 'gurus.page.tabFaq',
};

const isStep = (value: string | null): value is GuruStep =>
  (GURU_STEPS as readonly string[]).includes(value ?? '');
const isTab = (value: string | null): value is GuruTab =>
  (GURU_TABS as readonly string[]).includes(value ?? '');

function StepContent({
  step,
  guru,
  onCreated,
}: {
  step: GuruStep;
  guru?: GuruDetail;
  onCreated: (guru: GuruDetail) => void;
}) {
  const t = useT();
  if (step === 'training-information') {
    return <TrainingInfoForm key={guru?.id ?? 'new'} guru={guru} onSaved={onCreated} />;
  }
  if (guru && step === 'course-videos') return <SourcesStep key={guru.id} guru={guru} />;
  if (guru && step === 'avatar-information') return <AvatarStep key={guru.id} guru={guru} />;
  return (
    <Text c="dimmed" data-testid="step-needs-guru">
      {t('gurus.page.saveInfoFirst')}
    </Text>
  );
}

/** /training-guru: build a guru in three steps plus the introduction/demo/FAQ tabs, then train it. */
export default function TrainingGuruPage() {
  const [params, setParams] = useSearchParams();
  const guruId = params.get('guruId');
  const stepParam = params.get('step');
  const tabParam = params.get('tab');
  const step: GuruStep = isStep(stepParam) ? stepParam : 'training-information';
  const tab: GuruTab = isTab(tabParam) ? tabParam : 'introduction';
  const guru = useGuru(guruId);
  const list = useGurus();
  const t = useT();
  useTrainingEvents();

  const go = (next: { step?: GuruStep; tab?: GuruTab; id?: string | null }) => {
    const search = new URLSearchParams();
    const id = next.id ?? guruId;
    if (id) search.set('guruId', id);
    search.set('step', next.step ?? step);
    search.set('tab', next.tab ?? tab);
    setParams(search, { replace: true });
  };

  if (guruId && guru.isPending) return <Loader aria-label={t('gurus.page.loading')} m="xl" />;
  if (guruId && guru.isError) {
    return (
      <LoadFailed
        title={t('gurus.page.notAvailable')}
        message={guru.error.message}
        backTo="/guru-list"
        backLabel={t('gurus.page.backToGurus')}
      />
    );
  }
  const data = guru.data;
  const active = GURU_STEPS.indexOf(step);
  const overLimit = list.data?.limit.overLimit;

  return (
    <Container size="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            {data ? data.name : t('gurus.page.newGuru')}
          </Title>
          <Anchor component={Link} to="/guru-list">
            {t('gurus.page.allGurus')}
          </Anchor>
        </Group>
        {overLimit && (
          <Alert color="red" title={t('guru.deleteExtraGurus')}>
            {rich('gurus.page.overLimit', {
              link: (chunks) => (
                <Anchor component={Link} to="/guru-list">
                  {chunks}
                </Anchor>
              ),
            })}
          </Alert>
        )}
        {data && <TrainPanel guru={data} />}
        <Stepper
          active={active}
          onStepClick={(index) => data && go({ step: GURU_STEPS[index] })}
          allowNextStepsSelect={Boolean(data)}
          size="sm"
          wrap
        >
          {GURU_STEPS.map((key) => (
            // Named by what it shows: its number and label, two words apart (WCAG 2.5.3).
            <Stepper.Step key={key} label={` ${t(STEP_LABEL_KEYS[key])}`} />
          ))}
        </Stepper>
        <Card withBorder padding="lg">
          <StepContent
            step={step}
            guru={data}
            onCreated={(saved) => !guruId && go({ step: 'course-videos', id: saved.id })}
          />
        </Card>
        {data && (
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={active === 0}
              onClick={() => go({ step: GURU_STEPS[active - 1] })}
            >
              {t('gurus.page.back')}
            </Button>
            <Button
              variant="light"
              disabled={active === GURU_STEPS.length - 1}
              onClick={() => go({ step: GURU_STEPS[active + 1] })}
            >
              {t('gurus.page.next')}
            </Button>
          </Group>
        )}
        {data && (
          <Card withBorder padding="lg">
            <Tabs value={tab} onChange={(value) => isTab(value) && go({ tab: value })} keepMounted={false}>
              <Tabs.List mb="md">
                {GURU_TABS.map((key) => (
                  <Tabs.Tab key={key} value={key}>
                    {t(TAB_LABEL_KEYS[key])}
                    {key !== 'introduction' && ` (${data[key].length})`}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="introduction">
                <IntroductionTab key={data.id} guru={data} />
              </Tabs.Panel>
              <Tabs.Panel value="demo">
                <QuestionsTab key={`${data.id}-demo`} guru={data} kind="demo" />
              </Tabs.Panel>
              <Tabs.Panel value="faq">
                <QuestionsTab key={`${data.id}-faq`} guru={data} kind="faq" />
              </Tabs.Panel>
            </Tabs>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
