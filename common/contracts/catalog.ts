/**
 * The public catalogue's answers (GET /api/catalog/courses and /api/catalog/courses/:id): what anyone may see of
 * a course's live version. The server's presenters are typed with these, so the web app reads what is sent.
 */

/** A course card. */
export interface CatalogCourse {
  id: string;
  title: string;
  description: string;
  category: string;
  level: string;
  language: string;
  price: number;
  currency: string;
  teacherName: string;
  lessonCount: number;
  previewCount: number;
  totalSeconds: number;
  /** The course picture at card size; null: the card draws a generated cover (decision 046). */
  thumbnailUrl: string | null;
  /** The teacher's brand logo, or their institute's (medium size); null: the product's logo is shown. */
  brandLogoUrl: string | null;
}

export interface CatalogVideo {
  id: string;
  title: string;
  durationSeconds: number | null;
}

/** A course's page in the catalogue: its card, lesson list, previews and FAQ. */
export interface CatalogCourseDetail extends CatalogCourse {
  lessons: CatalogVideo[];
  previews: (CatalogVideo & { posterUrl: string | null; playlistUrl: string; captionsUrl: string | null })[];
  faqs: { id: string; question: string; answer: string }[];
  materialCount: number;
  /** null when nobody is logged in. */
  subscribed: boolean | null;
}

export interface CatalogPage {
  courses: CatalogCourse[];
  total: number;
  page: number;
  pageSize: number;
}
