import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhoto, IconSignature, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { CertificateTemplate } from '../../../common/certificates';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import {
  previewTemplate,
  uploadTemplatePicture,
  useCertificateTemplate,
  useRemoveTemplate,
  useSaveTemplate,
} from './api';
import { useT } from './i18n';
import { PdfPage } from './pdf-page';

const PLACEHOLDERS = ['{name}', '{course}', '{issuer}', '{teacher}', '{hours}', '{date}'];
const PREVIEW_DELAY_MS = 700;

/** The PDF the learner would get with this design, drawn by the server, as a page in the editor. */
function LivePreview({ courseId, template }: { courseId: string | null; template: CertificateTemplate }) {
  const t = useT();
  const [settled] = useDebouncedValue(template, PREVIEW_DELAY_MS);
  const [pdf, setPdf] = useState<Blob | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    previewTemplate(courseId, settled)
      .then((blob) => {
        if (cancelled) return;
        setPdf(blob);
        setFailure(null);
      })
      .catch((error: Error) => !cancelled && setFailure(error.message));
    return () => {
      cancelled = true;
    };
  }, [courseId, settled]);
  if (failure)
    return (
      <Alert color="red" role="alert">
        {failure}
      </Alert>
    );
  if (!pdf) return <Loader size="sm" role="status" aria-label={t('certificates.design.previewLoading')} />;
  return (
    <PdfPage
      pdf={pdf}
      label={t('certificates.design.preview')}
      aspectRatio={settled.orientation === 'landscape' ? '297 / 210' : '210 / 297'}
    />
  );
}

/** Upload or remove the logo or the signature; the server checks the picture by its bytes. */
function PictureField({
  courseId,
  label,
  hint,
  icon,
  path,
  onChange,
}: {
  courseId: string | null;
  label: string;
  hint: string;
  icon: React.ReactNode;
  path: string | null;
  onChange: (path: string | null) => void;
}) {
  const t = useT();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange((await uploadTemplatePicture(courseId, file)).path);
    } catch (error) {
      toast('danger', (error as Error).message);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs">
        <FileButton onChange={upload} accept="image/png,image/jpeg">
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={icon} loading={uploading}>
              {path ? t('certificates.design.replacePicture') : t('certificates.design.uploadPicture')}
            </Button>
          )}
        </FileButton>
        {path && (
          <Button
            size="xs"
            variant="subtle"
            color="red.8"
            leftSection={<IconTrash size={14} />}
            onClick={() => onChange(null)}
          >
            {t('certificates.design.removePicture')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * How certificates look (decision 079): orientation, colours, logo, signature and wording with placeholders, and
 * beside it the certificate as a learner gets it. `courseId` edits one course's design; null edits the author's
 * own, used by all their courses (an institute's by all its teachers' courses) unless a course has its own.
 */
export function TemplateEditor({ courseId }: { courseId: string | null }) {
  const t = useT();
  const loaded = useCertificateTemplate(courseId);
  const save = useSaveTemplate(courseId);
  const remove = useRemoveTemplate(courseId);
  const [template, setTemplate] = useState<CertificateTemplate | null>(null);
  useEffect(() => {
    if (loaded.data) setTemplate(loaded.data.template);
  }, [loaded.data]);
  if (loaded.isError)
    return (
      <Alert color="red" role="alert">
        {loaded.error.message}
      </Alert>
    );
  if (loaded.isPending || !template)
    return <Loader size="sm" role="status" aria-label={t('certificates.design.loading')} />;
  const update = (patch: Partial<CertificateTemplate>) => setTemplate({ ...template, ...patch });
  const source = loaded.data.source;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(template, { onSuccess: () => toast('success', t('certificates.design.saved')) });
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed" data-testid="design-source">
              {t(`certificates.design.source.${source}`)}
            </Text>
            <SegmentedControl
              aria-label={t('certificates.design.orientation')}
              value={template.orientation}
              onChange={(value) => update({ orientation: value as CertificateTemplate['orientation'] })}
              data={[
                { value: 'landscape', label: t('certificates.design.landscape') },
                { value: 'portrait', label: t('certificates.design.portrait') },
              ]}
            />
            <Group grow>
              <ColorInput
                label={t('certificates.design.primaryColor')}
                eyeDropperButtonProps={{
                  'aria-label': t('certificates.design.eyeDropper', {
                    field: t('certificates.design.primaryColor'),
                  }),
                }}
                value={template.primaryColor}
                onChange={(value) => update({ primaryColor: value })}
                format="hex"
              />
              <ColorInput
                label={t('certificates.design.accentColor')}
                eyeDropperButtonProps={{
                  'aria-label': t('certificates.design.eyeDropper', {
                    field: t('certificates.design.accentColor'),
                  }),
                }}
                value={template.accentColor}
                onChange={(value) => update({ accentColor: value })}
                format="hex"
              />
            </Group>
            <TextInput
              label={t('certificates.design.title')}
              placeholder={t('certificates.design.defaultWording')}
              value={template.title}
              maxLength={120}
              onChange={(event) => update({ title: event.currentTarget.value })}
            />
            <Textarea
              label={t('certificates.design.body')}
              description={t('certificates.design.placeholders', {
                list: PLACEHOLDERS.join(' '),
                hoursPlaceholder: '{hours}',
              })}
              placeholder={t('certificates.design.defaultWording')}
              value={template.body}
              maxLength={600}
              autosize
              minRows={3}
              onChange={(event) => update({ body: event.currentTarget.value })}
            />
            <Group grow>
              <TextInput
                label={t('certificates.design.signatoryName')}
                value={template.signatoryName}
                maxLength={120}
                onChange={(event) => update({ signatoryName: event.currentTarget.value })}
              />
              <TextInput
                label={t('certificates.design.signatoryTitle')}
                value={template.signatoryTitle}
                maxLength={120}
                onChange={(event) => update({ signatoryTitle: event.currentTarget.value })}
              />
            </Group>
            <PictureField
              courseId={courseId}
              label={t('certificates.design.logo')}
              hint={t('certificates.design.logoHint')}
              icon={<IconPhoto size={14} />}
              path={template.logoPath}
              onChange={(logoPath) => update({ logoPath })}
            />
            <PictureField
              courseId={courseId}
              label={t('certificates.design.signature')}
              hint={t('certificates.design.signatureHint')}
              icon={<IconSignature size={14} />}
              path={template.signaturePath}
              onChange={(signaturePath) => update({ signaturePath })}
            />
            {save.isError && (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('certificates.design.save')}
              </Button>
              {loaded.data.own && (
                <Button
                  variant="subtle"
                  color="red.8"
                  loading={remove.isPending}
                  onClick={() =>
                    confirmDestructive({
                      title: t('certificates.design.resetTitle'),
                      message: t(
                        courseId ? 'certificates.design.resetCourse' : 'certificates.design.resetOwn',
                      ),
                      confirmLabel: t('certificates.design.reset'),
                      cancelLabel: t('certificates.design.cancel'),
                      onConfirm: () => remove.mutate(),
                    })
                  }
                >
                  {t('certificates.design.reset')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <LivePreview courseId={courseId} template={template} />
      </Grid.Col>
    </Grid>
  );
}
