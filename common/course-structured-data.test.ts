import { describe, expect, it } from 'vitest';
import type { CatalogCourse } from './contracts/catalog';
import { courseStructuredData, isoDuration } from './course-structured-data';

const course: CatalogCourse = {
  id: 'c1',
  title: 'भिन्न और दशमलव',
  description: 'कक्षा 6 के लिए भिन्न',
  category: 'Mathematics',
  level: 'Beginner',
  language: 'Hindi',
  price: 499,
  currency: 'INR',
  teacherName: 'Tara Teacher',
  lessonCount: 4,
  previewCount: 1,
  totalSeconds: 3725,
  thumbnailUrl: '/api/files/courses/c1/thumb.webp',
  brandLogoUrl: null,
};

const absolute = (path: string) => `https://gurukul.example${path}`;

describe("a course's structured data", () => {
  it('writes durations as ISO 8601, rounded up to the minute', () => {
    expect(isoDuration(0)).toBe('PT1M');
    expect(isoDuration(61)).toBe('PT2M');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(3725)).toBe('PT1H3M');
  });

  it("names the course, its teacher, its language's code, its price and its workload", () => {
    const data = courseStructuredData(course, 'https://gurukul.example/explore-course?courseId=c1', absolute);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'भिन्न और दशमलव',
      inLanguage: 'hi',
      image: 'https://gurukul.example/api/files/courses/c1/thumb.webp',
      provider: { name: 'Tara Teacher' },
      offers: [{ category: 'Paid', price: 499, priceCurrency: 'INR' }],
      hasCourseInstance: [{ courseMode: 'Online', courseWorkload: 'PT1H3M' }],
    });
  });

  it('leaves out what a course does not have, and calls a course without a price free', () => {
    const data = courseStructuredData(
      { ...course, price: 0, thumbnailUrl: null, language: 'Other' },
      'https://gurukul.example/preview-video?courseId=c1',
      absolute,
    );
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('inLanguage');
    expect(data.offers).toEqual([expect.objectContaining({ category: 'Free', price: 0 })]);
  });
});
