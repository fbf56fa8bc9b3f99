import type { CourseExportFormat } from '../../../common/contracts/course-export';

/**
 * The manifests of the three packages (decision 077). Each names every file of the package; the launch page
 * (index.html) is the one SCO of the SCORM packages, and Common Cartridge lists lessons, material and quizzes as
 * resources of their own beside it.
 */

export interface PackageFile {
  /** The path inside the zip. */
  href: string;
  /** What it is, for Common Cartridge's resources. */
  role: 'page' | 'lesson' | 'material' | 'quiz' | 'support';
  /** The lesson, material or quiz it belongs to (its position), for CC's resources. */
  group?: number;
  title?: string;
}

export interface ManifestInput {
  identifier: string;
  title: string;
  description: string;
  language: string;
  files: PackageFile[];
  /** An LTI link back to Gurukul (Common Cartridge only), written to lti/gurukul-course.xml. */
  ltiLink: boolean;
}

const escapeXml = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const fileLines = (files: PackageFile[], indent: string) =>
  files.map((file) => `${indent}<file href="${escapeXml(file.href)}"/>\n`).join('');

/** SCORM 1.2 (ADL Content Packaging 1.1 schemas): one organization, one item, one SCO holding every file. */
export function scorm12Manifest(input: ManifestInput): string {
  const title = escapeXml(input.title);
  return (
    `${DECLARATION}<manifest identifier="${escapeXml(input.identifier)}" version="1.0"` +
    ' xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"' +
    ' xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"' +
    ` xmlns:xsi="${XSI}"` +
    ' xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd' +
    ' http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd' +
    ' http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">\n' +
    '  <metadata>\n    <schema>ADL SCORM</schema>\n    <schemaversion>1.2</schemaversion>\n  </metadata>\n' +
    '  <organizations default="ORG-1">\n    <organization identifier="ORG-1">\n' +
    `      <title>${title}</title>\n` +
    `      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">\n        <title>${title}</title>\n      </item>\n` +
    '    </organization>\n  </organizations>\n' +
    '  <resources>\n    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="index.html">\n' +
    fileLines(input.files, '      ') +
    '    </resource>\n  </resources>\n</manifest>\n'
  );
}

/**
 * SCORM 2004 4th Edition: one item whose content sets completion and success itself (deliveryControls), so an LMS
 * does not overwrite what the page reports.
 */
export function scorm2004Manifest(input: ManifestInput): string {
  const title = escapeXml(input.title);
  return (
    `${DECLARATION}<manifest identifier="${escapeXml(input.identifier)}" version="1"` +
    ' xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"' +
    ' xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"' +
    ' xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"' +
    ' xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"' +
    ' xmlns:imsss="http://www.imsglobal.org/xsd/imsss"' +
    ` xmlns:xsi="${XSI}"` +
    ' xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd' +
    ' http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd' +
    ' http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd' +
    ' http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd' +
    ' http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">\n' +
    '  <metadata>\n    <schema>ADL SCORM</schema>\n    <schemaversion>2004 4th Edition</schemaversion>\n  </metadata>\n' +
    '  <organizations default="ORG-1">\n    <organization identifier="ORG-1">\n' +
    `      <title>${title}</title>\n` +
    `      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">\n        <title>${title}</title>\n` +
    '        <imsss:sequencing>\n' +
    '          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>\n' +
    '        </imsss:sequencing>\n      </item>\n' +
    '    </organization>\n  </organizations>\n' +
    '  <resources>\n    <resource identifier="RES-1" type="webcontent" adlcp:scormType="sco" href="index.html">\n' +
    fileLines(input.files, '      ') +
    '    </resource>\n  </resources>\n</manifest>\n'
  );
}

const CC = 'http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1';
const CC_LOM = 'http://ltsc.ieee.org/xsd/imsccv1p3/LOM/manifest';
const CC_LOM_RESOURCE = 'http://ltsc.ieee.org/xsd/imsccv1p3/LOM/resource';
export const CC_LTI_FILE = 'lti/gurukul-course.xml';
export const CC_LTI_TYPE = 'imsbasiclti_xmlv1p0';

/**
 * IMS Common Cartridge 1.3: the launch page (with every file it plays) as web content, each lesson video, each
 * study file and each quiz (its QTI 2.1 package, as web content: CC 1.3 takes QTI 1.2 assessments only) as
 * resources of their own in a rooted hierarchy, and, when the owner's institute has an LMS registered, an LTI link
 * back to the course in Gurukul.
 */
export function cc13Manifest(input: ManifestInput): string {
  const title = escapeXml(input.title);
  const language = escapeXml(input.language || 'en');
  const items: string[] = [];
  const resources: string[] = [];
  const page = input.files.filter((file) => file.role !== 'quiz');
  items.push(`        <item identifier="I-page" identifierref="R-page"><title>${title}</title></item>\n`);
  resources.push(
    '    <resource identifier="R-page" type="webcontent" href="index.html">\n',
    fileLines(page, '      '),
    '    </resource>\n',
  );
  for (const role of ['lesson', 'material', 'quiz'] as const) {
    for (const file of input.files.filter((f) => f.role === role && f.title !== undefined)) {
      const id = `${role}-${file.group ?? 0}`;
      items.push(
        `        <item identifier="I-${id}" identifierref="R-${id}"><title>${escapeXml(file.title ?? '')}</title></item>\n`,
      );
      const own = input.files.filter((f) => f.role === role && f.group === file.group);
      resources.push(
        `    <resource identifier="R-${id}" type="webcontent" href="${escapeXml(file.href)}">\n`,
        fileLines(own, '      '),
        '    </resource>\n',
      );
    }
  }
  if (input.ltiLink) {
    items.push(
      `        <item identifier="I-lti" identifierref="R-lti"><title>${title} · Gurukul</title></item>\n`,
    );
    resources.push(
      `    <resource identifier="R-lti" type="${CC_LTI_TYPE}">\n      <file href="${CC_LTI_FILE}"/>\n    </resource>\n`,
    );
  }
  return (
    `${DECLARATION}<manifest identifier="${escapeXml(input.identifier)}" xmlns="${CC}"` +
    ` xmlns:lomimscc="${CC_LOM}" xmlns:lom="${CC_LOM_RESOURCE}" xmlns:xsi="${XSI}"` +
    ` xsi:schemaLocation="${CC} http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imscp_v1p2_v1p0.xsd` +
    ` ${CC_LOM_RESOURCE} http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lomresource_v1p0.xsd` +
    ` ${CC_LOM} http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lommanifest_v1p0.xsd">\n` +
    '  <metadata>\n    <schema>IMS Common Cartridge</schema>\n    <schemaversion>1.3.0</schemaversion>\n' +
    `    <lomimscc:lom><lomimscc:general><lomimscc:title><lomimscc:string language="${language}">${title}</lomimscc:string></lomimscc:title>` +
    `<lomimscc:description><lomimscc:string language="${language}">${escapeXml(input.description)}</lomimscc:string></lomimscc:description>` +
    '</lomimscc:general></lomimscc:lom>\n  </metadata>\n' +
    '  <organizations>\n    <organization identifier="ORG-1" structure="rooted-hierarchy">\n      <item identifier="ROOT">\n' +
    items.join('') +
    '      </item>\n    </organization>\n  </organizations>\n' +
    `  <resources>\n${resources.join('')}  </resources>\n</manifest>\n`
  );
}

/** The LTI link of a cartridge (IMS Basic LTI in CC), carrying the same custom values as a Deep Linking item. */
export function ltiLinkXml(link: {
  title: string;
  description: string;
  targetUrl: string;
  loginUrl: string;
  redirectUrl: string;
  courseId: string;
}): string {
  return (
    `${DECLARATION}<cartridge_basiclti_link xmlns="http://www.imsglobal.org/xsd/imslticc_v1p0"` +
    ' xmlns:blti="http://www.imsglobal.org/xsd/imsbasiclti_v1p0"' +
    ' xmlns:lticm="http://www.imsglobal.org/xsd/imslticm_v1p0"' +
    ' xmlns:lticp="http://www.imsglobal.org/xsd/imslticp_v1p0"' +
    ` xmlns:xsi="${XSI}">\n` +
    `  <blti:title>${escapeXml(link.title)}</blti:title>\n` +
    `  <blti:description>${escapeXml(link.description)}</blti:description>\n` +
    '  <blti:custom>\n' +
    '    <lticm:property name="gurukul_kind">course</lticm:property>\n' +
    `    <lticm:property name="gurukul_id">${escapeXml(link.courseId)}</lticm:property>\n` +
    '  </blti:custom>\n' +
    '  <blti:extensions platform="gurukul">\n' +
    '    <lticm:property name="lti_version">1.3.0</lticm:property>\n' +
    `    <lticm:property name="oidc_initiation_url">${escapeXml(link.loginUrl)}</lticm:property>\n` +
    `    <lticm:property name="redirect_uri">${escapeXml(link.redirectUrl)}</lticm:property>\n` +
    '  </blti:extensions>\n' +
    `  <blti:launch_url>${escapeXml(link.targetUrl)}</blti:launch_url>\n` +
    '  <blti:vendor><lticp:code>gurukul</lticp:code><lticp:name>Gurukul</lticp:name></blti:vendor>\n' +
    '</cartridge_basiclti_link>\n'
  );
}

export function manifestFor(format: CourseExportFormat, input: ManifestInput): string {
  if (format === 'scorm12') return scorm12Manifest(input);
  if (format === 'scorm2004') return scorm2004Manifest(input);
  return cc13Manifest(input);
}
