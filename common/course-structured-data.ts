import type { CatalogCourse } from './contracts/catalog';
import { languageCode } from './languages';
import { PRODUCT_NAME } from './routes';

/** An ISO 8601 duration ("PT1H5M") of a number of seconds, rounded up to the minute. */
export function isoDuration(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  return `PT${hours > 0 ? `${hours}H` : ''}${minutes % 60 > 0 || hours === 0 ? `${minutes % 60}M` : ''}`;
}

/**
 * A catalog course as schema.org's Course, in the fields search engines read for course listings (name,
 * description, provider, offers, hasCourseInstance): the JSON-LD of the course's public pages (decision 071).
 * Only what the catalogue already shows anyone; `absolute` turns the API's paths into full addresses.
 */
export function courseStructuredData(
  course: CatalogCourse,
  pageUrl: string,
  absolute: (path: string) => string,
): Record<string, unknown> {
  const language = languageCode(course.language);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.description,
    url: pageUrl,
    ...(course.thumbnailUrl ? { image: absolute(course.thumbnailUrl) } : {}),
    ...(language ? { inLanguage: language } : {}),
    ...(course.level ? { educationalLevel: course.level } : {}),
    ...(course.category ? { about: course.category } : {}),
    provider: {
      '@type': 'Person',
      name: course.teacherName,
    },
    publisher: { '@type': 'Organization', name: PRODUCT_NAME, url: absolute('/') },
    offers: [
      {
        '@type': 'Offer',
        category: course.price > 0 ? 'Paid' : 'Free',
        price: course.price,
        priceCurrency: course.currency,
        url: pageUrl,
      },
    ],
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        courseWorkload: isoDuration(course.totalSeconds),
      },
    ],
    timeRequired: isoDuration(course.totalSeconds),
  };
}
