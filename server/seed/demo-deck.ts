import { DEJAVU_SANS, registerShapedFont } from '../media/shaped-pdf-text';
import { writePdf } from '../media/write-pdf';

/**
 * The demo courses' decks (decision 060): every slide a heading, a few bullets and a picture drawn for it —
 * the shape its heading names, with the right number of sides, angles and labels — and the narration the
 * teacher writes for it. The course library turns each deck into a narrated, captioned lesson; the guru
 * learns the narrations, so they state the facts plainly ("A hexagon has six sides.").
 */
export interface DemoSlide {
  heading: string;
  bullets: string[];
  narration: string;
  draw: (pen: Pen) => void;
}

export interface DemoDeck {
  /** The lesson's (and its library's) title. */
  title: string;
  slides: DemoSlide[];
}

const INK = '#1a1b1e';
const BLUE = '#4c6ef5';
const TEAL = '#0ca678';
const ORANGE = '#f76707';
const FILL = '#dbe4ff';
const FILL_TEAL = '#c3fae8';

type Point = [number, number];

/** Drawing on the picture side of a 960×540 slide, in points from its top left corner. */
export interface Pen {
  doc: PDFKit.PDFDocument;
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;
/** The point `r` away from `from` at `degrees` (counter-clockwise from east, as on paper). */
const toward = (from: Point, degrees: number, r: number): Point => [
  from[0] + r * Math.cos(rad(degrees)),
  from[1] - r * Math.sin(rad(degrees)),
];

function label({ doc }: Pen, text: string, at: Point, options: { size?: number; color?: string } = {}) {
  const size = options.size ?? 20;
  doc
    .font('Body')
    .fontSize(size)
    .fillColor(options.color ?? INK);
  const width = doc.widthOfString(text);
  doc.text(text, at[0] - width / 2, at[1] - size * 0.6, { lineBreak: false });
}

function segment({ doc }: Pen, a: Point, b: Point, color = INK, width = 3) {
  doc
    .moveTo(...a)
    .lineTo(...b)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

function arrowHead({ doc }: Pen, tip: Point, from: Point, color = INK) {
  const angle = Math.atan2(tip[1] - from[1], tip[0] - from[0]);
  const side = (turn: number): Point => [
    tip[0] - 16 * Math.cos(angle + turn),
    tip[1] - 16 * Math.sin(angle + turn),
  ];
  doc.polygon(tip, side(0.45), side(-0.45)).fillColor(color).fill();
}

function dot(pen: Pen, at: Point, name?: string, offset: Point = [0, -24], color = INK) {
  pen.doc.circle(at[0], at[1], 6).fillColor(color).fill();
  if (name) label(pen, name, [at[0] + offset[0], at[1] + offset[1]]);
}

function shape({ doc }: Pen, points: Point[], fill = FILL, stroke = BLUE) {
  doc
    .polygon(...points)
    .lineWidth(3)
    .fillColor(fill)
    .strokeColor(stroke)
    .fillAndStroke();
}

/** The corners of a regular polygon of `sides` sides around `centre`, one corner straight up. */
function regular(centre: Point, radius: number, sides: number, turn = 90): Point[] {
  return Array.from({ length: sides }, (_, i) => toward(centre, turn + (360 * i) / sides, radius));
}

/** An angle's arc at `vertex` from direction `from` counter-clockwise to `to`, with its size written beside it. */
function angleArc(pen: Pen, vertex: Point, from: number, to: number, text?: string, r = 40, color = ORANGE) {
  const start = toward(vertex, from, r);
  const end = toward(vertex, to, r);
  const large = to - from > 180 ? 1 : 0;
  pen.doc
    .path(`M ${start[0]} ${start[1]} A ${r} ${r} 0 ${large} 0 ${end[0]} ${end[1]}`)
    .lineWidth(2.5)
    .strokeColor(color)
    .stroke();
  if (text) label(pen, text, toward(vertex, (from + to) / 2, r + 26), { size: 18, color });
}

/** The small square that marks a right angle between directions `a` and `a + 90`. */
function rightMark({ doc }: Pen, vertex: Point, a: number, size = 22) {
  const p1 = toward(vertex, a, size);
  const p3 = toward(vertex, a + 90, size);
  const p2: Point = [p1[0] + p3[0] - vertex[0], p1[1] + p3[1] - vertex[1]];
  doc
    .moveTo(...p1)
    .lineTo(...p2)
    .lineTo(...p3)
    .lineWidth(2)
    .strokeColor(ORANGE)
    .stroke();
}

/** A short tick across the middle of a side: sides with the same number of ticks are equal. */
function ticks(pen: Pen, a: Point, b: Point, count = 1) {
  const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const along = Math.atan2(b[1] - a[1], b[0] - a[0]);
  for (let i = 0; i < count; i += 1) {
    const shift = (i - (count - 1) / 2) * 8;
    const c: Point = [mid[0] + shift * Math.cos(along), mid[1] + shift * Math.sin(along)];
    const n: Point = [-Math.sin(along) * 10, Math.cos(along) * 10];
    segment(pen, [c[0] - n[0], c[1] - n[1]], [c[0] + n[0], c[1] + n[1]], ORANGE, 2.5);
  }
}

function ray(pen: Pen, from: Point, to: Point, color = INK) {
  segment(pen, from, to, color);
  arrowHead(pen, to, from, color);
}

function line(pen: Pen, a: Point, b: Point, color = INK) {
  segment(pen, a, b, color);
  arrowHead(pen, b, a, color);
  arrowHead(pen, a, b, color);
}

function dashed({ doc }: Pen, a: Point, b: Point, color = INK) {
  doc
    .moveTo(...a)
    .lineTo(...b)
    .lineWidth(2)
    .strokeColor(color)
    .dash(8, { space: 6 })
    .stroke()
    .undash();
}

function circle({ doc }: Pen, centre: Point, r: number, fill = FILL, stroke = BLUE) {
  doc.circle(centre[0], centre[1], r).lineWidth(3).fillColor(fill).strokeColor(stroke).fillAndStroke();
}

/** Where pictures go: the right part of the slide. */
const C: Point = [720, 320];

const FOUNDATIONS: DemoDeck[] = [
  {
    title: 'Points and Lines',
    slides: [
      {
        heading: 'Points and Lines',
        bullets: ['Points mark positions', 'Lines, segments and rays', 'Parallel and perpendicular'],
        narration:
          'Welcome to Foundations of Geometry. Geometry begins with two simple ideas: points and lines. In this lesson we meet points, lines, line segments and rays, and we see how two lines can meet, or never meet at all.',
        draw: (pen) => {
          line(pen, [560, 400], [890, 220]);
          dot(pen, [640, 356], 'A', [-6, -28]);
          dot(pen, [800, 269], 'B', [-6, -28]);
          dot(pen, [620, 220], 'P');
        },
      },
      {
        heading: 'Points',
        bullets: ['A position, no size', 'Drawn as a dot', 'Named with a capital letter'],
        narration:
          'A point marks a position. A point has no length, no width and no size; it only tells us where something is. We draw a point as a small dot and name it with a capital letter, such as point A or point B.',
        draw: (pen) => {
          dot(pen, [600, 250], 'A');
          dot(pen, [820, 210], 'B');
          dot(pen, [720, 410], 'C');
        },
      },
      {
        heading: 'Lines',
        bullets: ['Perfectly straight', 'No end points', 'One line through two points'],
        narration:
          'A line is perfectly straight and goes on for ever in both directions, so it has no end points. Through any two points we can draw exactly one line, so we name this line by two of its points: line A B. The arrows at both ends show that it never stops.',
        draw: (pen) => {
          line(pen, [550, 420], [900, 220]);
          dot(pen, [640, 369], 'A', [-8, -28]);
          dot(pen, [800, 277], 'B', [-8, -28]);
        },
      },
      {
        heading: 'Line segments and rays',
        bullets: ['Segment: two end points', 'Ray: one end point', 'A segment has a length'],
        narration:
          'A line segment is the part of a line between two end points, so it has a length that we can measure with a ruler. A ray has one end point and goes on for ever in one direction, like a beam of light from a torch.',
        draw: (pen) => {
          segment(pen, [580, 230], [860, 230]);
          dot(pen, [580, 230], 'A');
          dot(pen, [860, 230], 'B');
          label(pen, 'segment AB', [720, 270], { size: 18, color: BLUE });
          ray(pen, [580, 390], [900, 390]);
          dot(pen, [580, 390], 'C');
          dot(pen, [720, 390], 'D');
          label(pen, 'ray CD', [720, 430], { size: 18, color: BLUE });
        },
      },
      {
        heading: 'Parallel and perpendicular lines',
        bullets: ['Parallel: never meet', 'Perpendicular: meet at 90°'],
        narration:
          'Parallel lines never meet, however far they go; they stay the same distance apart, like the two rails of a railway track. Perpendicular lines meet at a right angle, which is 90 degrees, like the edges at the corner of a page.',
        draw: (pen) => {
          line(pen, [560, 200], [880, 200], BLUE);
          line(pen, [560, 260], [880, 260], BLUE);
          label(pen, 'parallel', [720, 300], { size: 18, color: BLUE });
          line(pen, [580, 420], [880, 420], TEAL);
          line(pen, [720, 470], [720, 340], TEAL);
          rightMark(pen, [720, 420], 0);
          label(pen, 'perpendicular', [800, 470], { size: 18, color: TEAL });
        },
      },
    ],
  },
  {
    title: 'Angles',
    slides: [
      {
        heading: 'Angles',
        bullets: ['Two rays from one point', 'Arms and a vertex', 'Measured in degrees'],
        narration:
          'An angle is made when two rays start from the same point. The two rays are the arms of the angle, and the point where they meet is called the vertex. We measure the size of an angle in degrees, using a protractor. The bigger the turn from one arm to the other, the bigger the angle.',
        draw: (pen) => {
          const vertex: Point = [600, 400];
          ray(pen, vertex, toward(vertex, 0, 300));
          ray(pen, vertex, toward(vertex, 50, 300));
          angleArc(pen, vertex, 0, 50, '50°', 60);
          dot(pen, vertex, 'vertex', [0, 30]);
          label(pen, 'arm', toward(vertex, 60, 230), { size: 18, color: BLUE });
          label(pen, 'arm', toward(vertex, -8, 230), { size: 18, color: BLUE });
        },
      },
      {
        heading: 'Right angles',
        bullets: ['Exactly 90°', 'A quarter of a turn', 'Marked with a small square'],
        narration:
          'A right angle measures exactly 90 degrees. It is a quarter of a full turn. We mark a right angle with a small square in its corner. The corner of a book or of a sheet of paper is a right angle.',
        draw: (pen) => {
          const vertex: Point = [620, 420];
          ray(pen, vertex, toward(vertex, 0, 280));
          ray(pen, vertex, toward(vertex, 90, 260));
          rightMark(pen, vertex, 0, 34);
          label(pen, '90°', [690, 360], { size: 22, color: ORANGE });
        },
      },
      {
        heading: 'Acute and obtuse angles',
        bullets: ['Acute: less than 90°', 'Obtuse: between 90° and 180°'],
        narration:
          'An acute angle is smaller than a right angle: it measures less than 90 degrees. An obtuse angle is bigger than a right angle but smaller than a straight angle: it measures between 90 and 180 degrees.',
        draw: (pen) => {
          const acute: Point = [540, 280];
          ray(pen, acute, toward(acute, 0, 170));
          ray(pen, acute, toward(acute, 40, 170));
          angleArc(pen, acute, 0, 40, '40°', 50);
          label(pen, 'acute', [620, 320], { size: 18, color: BLUE });
          const obtuse: Point = [800, 440];
          ray(pen, obtuse, toward(obtuse, 0, 130));
          ray(pen, obtuse, toward(obtuse, 130, 170));
          angleArc(pen, obtuse, 0, 130, '130°', 40);
          label(pen, 'obtuse', [850, 480], { size: 18, color: BLUE });
        },
      },
      {
        heading: 'Straight angles and full turns',
        bullets: ['Straight angle: 180°', 'Full turn: 360°', 'Two right angles make 180°'],
        narration:
          'A straight angle measures 180 degrees: its two arms make a straight line. Two right angles make a straight angle. A full turn measures 360 degrees, so four right angles make a full turn.',
        draw: (pen) => {
          const straight: Point = [720, 230];
          ray(pen, straight, toward(straight, 0, 190));
          ray(pen, straight, toward(straight, 180, 190));
          angleArc(pen, straight, 0, 180, '180°', 50);
          dot(pen, straight);
          const full: Point = [720, 420];
          ray(pen, full, toward(full, 0, 150));
          angleArc(pen, full, 5, 355, undefined, 45);
          label(pen, '360°', [640, 420], { size: 18, color: ORANGE });
          dot(pen, full);
        },
      },
      {
        heading: 'Angles on a straight line',
        bullets: ['They add up to 180°', '120° + 60° = 180°'],
        narration:
          'Angles that sit together on a straight line add up to 180 degrees. If one of them measures 120 degrees, the other must measure 60 degrees, because 120 plus 60 is 180. And the angles all the way around a point add up to 360 degrees.',
        draw: (pen) => {
          const vertex: Point = [720, 380];
          line(pen, toward(vertex, 180, 200), toward(vertex, 0, 200));
          ray(pen, vertex, toward(vertex, 60, 220));
          angleArc(pen, vertex, 0, 60, '60°', 50);
          angleArc(pen, vertex, 60, 180, '120°', 70, TEAL);
          dot(pen, vertex);
        },
      },
    ],
  },
  {
    title: 'Triangles',
    slides: [
      {
        heading: 'Triangles',
        bullets: ['Three sides', 'Three angles', 'Three vertices'],
        narration:
          'A triangle is a polygon with three sides, three corners and three angles. The corners are called vertices. We name a triangle by its three vertices, so this is triangle A B C. A triangle is the simplest polygon: no closed shape with straight sides has fewer than three.',
        draw: (pen) => {
          const a: Point = [560, 440];
          const b: Point = [890, 440];
          const c: Point = [700, 180];
          shape(pen, [a, b, c]);
          label(pen, 'A', [540, 460]);
          label(pen, 'B', [910, 460]);
          label(pen, 'C', [700, 155]);
        },
      },
      {
        heading: 'The angles of a triangle',
        bullets: ['They add up to 180°', '50° + 60° + 70° = 180°'],
        narration:
          'The three angles of a triangle always add up to 180 degrees. In this triangle the angles are 50, 60 and 70 degrees, and 50 plus 60 plus 70 is 180. If you know two angles of a triangle, subtract them from 180 to find the third.',
        draw: (pen) => {
          // Angles of 50° at A and 70° at B make 60° at C.
          const a: Point = [560, 450];
          const b: Point = [870, 450];
          const side = 310;
          const ac = (side * Math.sin(rad(70))) / Math.sin(rad(60));
          const c = toward(a, 50, ac);
          shape(pen, [a, b, c]);
          angleArc(pen, a, 0, 50, '50°', 50);
          angleArc(pen, b, 110, 180, '70°', 50);
          angleArc(pen, c, 230, 290, '60°', 45);
        },
      },
      {
        heading: 'Why the angles make 180°',
        bullets: ['Draw a parallel line', 'The angles fit along it', 'A straight line is 180°'],
        narration:
          'Why 180 degrees? Draw a line through the top corner, parallel to the bottom side. The three angles of the triangle fit together along that line, and the angles on a straight line add up to 180 degrees. So the angles of every triangle add up to 180 degrees.',
        draw: (pen) => {
          const a: Point = [560, 440];
          const b: Point = [900, 440];
          const c: Point = [700, 220];
          shape(pen, [a, b, c]);
          dashed(pen, [540, 220], [900, 220], TEAL);
          const angleA = (Math.atan2(a[1] - c[1], c[0] - a[0]) * 180) / Math.PI;
          const angleB = (Math.atan2(b[1] - c[1], b[0] - c[0]) * 180) / Math.PI;
          angleArc(pen, a, 0, angleA, undefined, 45);
          angleArc(pen, b, 180 - angleB, 180, undefined, 45, TEAL);
          // The same angles again at the top, either side of the triangle's own.
          angleArc(pen, c, 180, 180 + angleA, undefined, 40);
          angleArc(pen, c, 360 - angleB, 360, undefined, 40, TEAL);
          label(pen, '180°', [700, 190], { size: 20, color: TEAL });
        },
      },
      {
        heading: 'Triangles by their sides',
        bullets: ['Equilateral: three equal sides', 'Isosceles: two equal sides', 'Scalene: no equal sides'],
        narration:
          'We can name a triangle by its sides. An equilateral triangle has three equal sides and three equal angles of 60 degrees each. An isosceles triangle has two equal sides. A scalene triangle has no equal sides.',
        draw: (pen) => {
          const eq = regular([600, 250], 80, 3);
          shape(pen, eq);
          ticks(pen, eq[0], eq[1]);
          ticks(pen, eq[1], eq[2]);
          ticks(pen, eq[2], eq[0]);
          label(pen, 'equilateral', [600, 340], { size: 16, color: BLUE });
          const iso: Point[] = [
            [800, 150],
            [750, 310],
            [850, 310],
          ];
          shape(pen, iso, FILL_TEAL, TEAL);
          ticks(pen, iso[0], iso[1]);
          ticks(pen, iso[0], iso[2]);
          label(pen, 'isosceles', [800, 340], { size: 16, color: TEAL });
          shape(pen, [
            [600, 380],
            [880, 470],
            [560, 470],
          ]);
          label(pen, 'scalene', [700, 500], { size: 16, color: BLUE });
        },
      },
      {
        heading: 'Right triangles',
        bullets: ['One right angle', 'The hypotenuse is the longest side'],
        narration:
          'A right triangle has one right angle. Its longest side, opposite the right angle, is called the hypotenuse. The other two angles of a right triangle add up to 90 degrees: if one of them is 30 degrees, the other is 60 degrees.',
        draw: (pen) => {
          const a: Point = [580, 440];
          const b: Point = [880, 440];
          const c: Point = [580, 200];
          shape(pen, [a, b, c]);
          rightMark(pen, a, 0, 28);
          label(pen, 'hypotenuse', [770, 290], { size: 18, color: ORANGE });
        },
      },
    ],
  },
  {
    title: 'Polygons',
    slides: [
      {
        heading: 'Polygons',
        bullets: ['Closed shapes', 'Straight sides', 'Named by their sides'],
        narration:
          'A polygon is a closed flat shape made only of straight sides. A circle is not a polygon, because its edge is curved. We name a polygon by how many sides it has. Triangles, squares, pentagons and hexagons are all polygons.',
        draw: (pen) => {
          shape(pen, regular([600, 230], 70, 3));
          shape(pen, regular([820, 230], 75, 4, 45), FILL_TEAL, TEAL);
          shape(pen, regular([600, 420], 75, 5));
          shape(pen, regular([820, 420], 75, 6), FILL_TEAL, TEAL);
        },
      },
      {
        heading: 'Quadrilaterals',
        bullets: ['Four sides', 'Four angles', 'Angles add up to 360°'],
        narration:
          'A quadrilateral has four sides and four angles, and its four angles always add up to 360 degrees. Squares, rectangles and parallelograms are all quadrilaterals. A square has four equal sides and four right angles, and four right angles make 360 degrees.',
        draw: (pen) => {
          const corners: Point[] = [
            [560, 420],
            [640, 200],
            [860, 240],
            [900, 440],
          ];
          shape(pen, corners);
          for (const corner of corners) dot(pen, corner, undefined, [0, 0], ORANGE);
        },
      },
      {
        heading: 'Regular hexagons',
        bullets: ['Six equal sides', 'Six equal angles', 'Each angle is 120°'],
        narration:
          'A hexagon has six sides. A regular hexagon has six equal sides and six equal angles, and each of its angles is 120 degrees. The cells of a honeycomb are regular hexagons, because regular hexagons fit together with no gaps between them.',
        draw: (pen) => {
          const corners = regular(C, 150, 6, 0);
          shape(pen, corners);
          for (let i = 0; i < 6; i += 1) ticks(pen, corners[i], corners[(i + 1) % 6]);
          angleArc(pen, corners[0], 120, 240, '120°', 36);
        },
      },
      {
        heading: 'Naming polygons',
        bullets: ['Pentagon: 5 sides', 'Hexagon: 6 sides', 'Octagon: 8 sides'],
        narration:
          'A triangle has three sides and a quadrilateral has four. A pentagon has five sides. A hexagon has six sides. An octagon has eight sides, like a stop sign. A polygon whose sides are all equal and whose angles are all equal is called a regular polygon.',
        draw: (pen) => {
          shape(pen, regular([580, 260], 70, 5));
          label(pen, 'pentagon', [580, 360], { size: 16, color: BLUE });
          shape(pen, regular([760, 260], 70, 6), FILL_TEAL, TEAL);
          label(pen, 'hexagon', [760, 360], { size: 16, color: TEAL });
          shape(pen, regular([670, 430], 55, 8, 22.5));
          label(pen, 'octagon', [800, 430], { size: 16, color: BLUE });
        },
      },
      {
        heading: 'The angles of a polygon',
        bullets: ['Split it into triangles', 'n sides: (n − 2) × 180°', 'Pentagon: 540°'],
        narration:
          'To find the angle sum of a polygon, split it into triangles from one corner. A polygon with n sides splits into n minus 2 triangles, so its angles add up to n minus 2, times 180 degrees. A pentagon splits into three triangles, so its angles add up to 540 degrees.',
        draw: (pen) => {
          const corners = regular(C, 160, 5);
          shape(pen, corners);
          dashed(pen, corners[0], corners[2], ORANGE);
          dashed(pen, corners[0], corners[3], ORANGE);
          label(pen, '3 × 180° = 540°', [720, 500], { size: 20, color: ORANGE });
        },
      },
    ],
  },
  {
    title: 'Circles',
    slides: [
      {
        heading: 'Circles',
        bullets: ['Every point is the same distance from the centre', 'No sides, no corners'],
        narration:
          'A circle is the set of all the points at the same distance from one point, called the centre. The edge of a circle is curved, so a circle has no sides and no corners, and it is not a polygon. We name a circle by its centre: a circle with centre O is called circle O.',
        draw: (pen) => {
          circle(pen, C, 150);
          dot(pen, C, 'centre O', [0, 28]);
          for (const angle of [20, 100, 200, 290]) dot(pen, toward(C, angle, 150), undefined, [0, 0], ORANGE);
        },
      },
      {
        heading: 'Radius and diameter',
        bullets: ['Radius: centre to edge', 'Diameter: across, through the centre', 'Diameter = 2 × radius'],
        narration:
          'The radius is the distance from the centre of a circle to its edge, and every radius of a circle has the same length. The diameter goes straight across the circle through the centre. The diameter is twice the radius: a circle with a radius of 5 centimetres has a diameter of 10 centimetres.',
        draw: (pen) => {
          circle(pen, C, 160);
          segment(pen, C, toward(C, 60, 160), ORANGE);
          label(pen, 'r', toward(C, 75, 80), { color: ORANGE });
          segment(pen, toward(C, 180, 160), toward(C, 0, 160), TEAL);
          label(pen, 'd = 2r', [720, 345], { size: 18, color: TEAL });
          dot(pen, C);
        },
      },
      {
        heading: 'Circumference and pi',
        bullets: ['The distance around', 'C = π × d', 'π is about 3.14'],
        narration:
          'The circumference is the distance all the way around a circle. The circumference of every circle is a little more than three times its diameter. This number is called pi, and pi is about 3.14. So the circumference equals pi times the diameter. A wheel with a diameter of 70 centimetres has a circumference of about 3.14 times 70, which is about 220 centimetres.',
        draw: (pen) => {
          circle(pen, [720, 300], 140, '#ffffff', ORANGE);
          segment(pen, [580, 300], [860, 300], TEAL);
          label(pen, 'd', [720, 280], { color: TEAL });
          label(pen, 'C = π × d ≈ 3.14 × d', [720, 480], { size: 22, color: ORANGE });
        },
      },
      {
        heading: 'Chords and arcs',
        bullets: ['Chord: joins two points', 'The diameter is the longest chord', 'Arc: part of the edge'],
        narration:
          'A chord is a straight line segment that joins two points on a circle. The diameter is the longest chord of a circle: it is the chord that passes through the centre. An arc is a part of the edge of the circle between two points.',
        draw: (pen) => {
          circle(pen, C, 160);
          const p = toward(C, 150, 160);
          const q = toward(C, 30, 160);
          segment(pen, p, q, TEAL);
          label(pen, 'chord', [720, 265], { size: 18, color: TEAL });
          angleArc(pen, C, 200, 340, undefined, 160);
          label(pen, 'arc', toward(C, 270, 190), { size: 18, color: ORANGE });
        },
      },
    ],
  },
  {
    title: 'Area and Perimeter',
    slides: [
      {
        heading: 'Perimeter',
        bullets: ['The distance around a shape', '6 + 4 + 6 + 4 = 20 cm'],
        narration:
          'The perimeter of a shape is the total length of its edges, all the way around. A rectangle 6 centimetres long and 4 centimetres wide has a perimeter of 6 plus 4 plus 6 plus 4, which is 20 centimetres. The perimeter of any polygon is the sum of the lengths of all its sides.',
        draw: (pen) => {
          pen.doc.rect(570, 220, 300, 200).lineWidth(4).fillColor(FILL).strokeColor(ORANGE).fillAndStroke();
          label(pen, '6 cm', [720, 200]);
          label(pen, '6 cm', [720, 445]);
          label(pen, '4 cm', [530, 320]);
          label(pen, '4 cm', [910, 320]);
        },
      },
      {
        heading: 'Area of a rectangle',
        bullets: ['Area: the space inside', 'Length × width', '6 × 4 = 24 cm²'],
        narration:
          'Area is the amount of flat space a shape covers, and we measure it in square units. The area of a rectangle is its length times its width. A rectangle 6 centimetres long and 4 centimetres wide covers 24 square centimetres. Count the squares in the picture: 4 rows of 6 squares make 24.',
        draw: (pen) => {
          pen.doc.rect(570, 220, 300, 200).lineWidth(3).fillColor(FILL).strokeColor(BLUE).fillAndStroke();
          for (let x = 1; x < 6; x += 1) segment(pen, [570 + x * 50, 220], [570 + x * 50, 420], BLUE, 1);
          for (let y = 1; y < 4; y += 1) segment(pen, [570, 220 + y * 50], [870, 220 + y * 50], BLUE, 1);
          label(pen, '6 cm', [720, 200]);
          label(pen, '4 cm', [530, 320]);
          label(pen, '24 squares', [720, 455], { color: BLUE });
        },
      },
      {
        heading: 'Area of a triangle',
        bullets: ['Half the rectangle around it', '½ × base × height', '½ × 6 × 4 = 12 cm²'],
        narration:
          'A triangle covers half of the rectangle drawn around it. So the area of a triangle is half of its base times its height. A triangle with a base of 6 centimetres and a height of 4 centimetres has an area of 12 square centimetres. The height is always measured at a right angle to the base.',
        draw: (pen) => {
          pen.doc
            .rect(570, 220, 300, 200)
            .lineWidth(1.5)
            .strokeColor(BLUE)
            .dash(6, { space: 5 })
            .stroke()
            .undash();
          shape(pen, [
            [570, 420],
            [870, 420],
            [680, 220],
          ]);
          dashed(pen, [680, 220], [680, 420], ORANGE);
          rightMark(pen, [680, 420], 0, 16);
          label(pen, 'height 4 cm', [760, 330], { size: 16, color: ORANGE });
          label(pen, 'base 6 cm', [720, 445]);
        },
      },
      {
        heading: 'Area of a circle',
        bullets: ['π × radius × radius', 'Radius 10 cm: about 314 cm²'],
        narration:
          'The area of a circle is pi times the radius times the radius. A circle with a radius of 10 centimetres has an area of about 3.14 times 100, which is 314 square centimetres. Remember that the distance around a circle is its circumference, not its area.',
        draw: (pen) => {
          circle(pen, [720, 310], 150);
          segment(pen, [720, 310], [870, 310], ORANGE);
          label(pen, 'r = 10 cm', [795, 290], { size: 18, color: ORANGE });
          dot(pen, [720, 310]);
          label(pen, 'A = π × r × r', [720, 490], { size: 22, color: BLUE });
        },
      },
    ],
  },
];

/** The preview: what the course teaches, in one picture and half a minute. */
const FOUNDATIONS_PREVIEW: DemoDeck = {
  title: 'Foundations of Geometry',
  slides: [
    {
      heading: 'Foundations of Geometry',
      bullets: ['Six narrated lessons', 'A quiz and a guru', 'For beginners'],
      narration:
        'Welcome to Foundations of Geometry. In six short lessons you will learn about points and lines, angles, triangles, polygons and circles, and how to find the perimeter and the area of a shape. Every lesson is narrated and captioned, a quiz checks what you learnt, and Geometry Guru answers your questions.',
      draw: (pen) => {
        line(pen, [540, 190], [700, 140]);
        const vertex: Point = [760, 220];
        ray(pen, vertex, toward(vertex, 0, 140));
        ray(pen, vertex, toward(vertex, 45, 140));
        angleArc(pen, vertex, 0, 45, '45°', 40);
        shape(pen, [
          [540, 440],
          [680, 440],
          [600, 300],
        ]);
        shape(pen, regular([740, 380], 60, 6), FILL_TEAL, TEAL);
        circle(pen, [870, 400], 55);
      },
    },
  ],
};

const TRIGONOMETRY: DemoDeck[] = [
  {
    title: 'Sine, Cosine and Tangent',
    slides: [
      {
        heading: 'The sides of a right triangle',
        bullets: ['Hypotenuse: the longest side', 'Opposite: faces the angle', 'Adjacent: next to the angle'],
        narration:
          'Trigonometry links the angles of a right triangle to its sides. Choose one of the two acute angles. The hypotenuse is the longest side, opposite the right angle. The opposite side faces the angle you chose, and the adjacent side lies next to it.',
        draw: (pen) => {
          const a: Point = [540, 440];
          const b: Point = [840, 440];
          const c: Point = [840, 220];
          shape(pen, [a, b, c]);
          rightMark(pen, b, 90, 24);
          angleArc(pen, a, 0, 36, 'θ', 55);
          label(pen, 'hypotenuse', [670, 300], { size: 18, color: ORANGE });
          label(pen, 'opposite', [895, 330], { size: 16, color: TEAL });
          label(pen, 'adjacent', [690, 465], { size: 18, color: BLUE });
        },
      },
      {
        heading: 'Sine, cosine and tangent',
        bullets: ['sin = opposite ÷ hypotenuse', 'cos = adjacent ÷ hypotenuse', 'tan = opposite ÷ adjacent'],
        narration:
          'The sine of an angle is the opposite side divided by the hypotenuse. The cosine of an angle is the adjacent side divided by the hypotenuse. The tangent of an angle is the opposite side divided by the adjacent side. Many students remember the three ratios as SOH CAH TOA.',
        draw: (pen) => {
          label(pen, 'SOH', [720, 220], { size: 40, color: ORANGE });
          label(pen, 'CAH', [720, 310], { size: 40, color: TEAL });
          label(pen, 'TOA', [720, 400], { size: 40, color: BLUE });
        },
      },
      {
        heading: 'A 3-4-5 triangle',
        bullets: ['sin θ = 3/5', 'cos θ = 4/5', 'tan θ = 3/4'],
        narration:
          'Take a right triangle with sides of 3, 4 and 5 centimetres; the hypotenuse is 5. For the angle opposite the side of 3, the sine is 3 over 5, the cosine is 4 over 5, and the tangent is 3 over 4.',
        draw: (pen) => {
          const a: Point = [580, 420];
          const b: Point = [880, 420];
          const c: Point = [880, 195];
          shape(pen, [a, b, c]);
          rightMark(pen, b, 90, 22);
          angleArc(pen, a, 0, 37, 'θ', 55);
          label(pen, '5', [710, 285], { color: ORANGE });
          label(pen, '3', [905, 307], { color: TEAL });
          label(pen, '4', [730, 445], { color: BLUE });
        },
      },
    ],
  },
  {
    title: 'Special Angles',
    slides: [
      {
        heading: 'The sine of 30°',
        bullets: ['Opposite = half the hypotenuse', 'sin 30° = 1/2'],
        narration:
          'In a right triangle with an angle of 30 degrees, the side opposite that angle is half of the hypotenuse. So the sine of 30 degrees is one half, or 0.5. In the same triangle, the cosine of 60 degrees is also one half.',
        draw: (pen) => {
          const a: Point = [560, 420];
          const b: Point = [880, 420];
          const c: Point = [880, 235];
          shape(pen, [a, b, c]);
          rightMark(pen, b, 90, 22);
          angleArc(pen, a, 0, 30, '30°', 60);
          label(pen, '2', [705, 305], { color: ORANGE });
          label(pen, '1', [905, 328], { color: TEAL });
        },
      },
      {
        heading: 'The tangent of 45°',
        bullets: ['Two equal sides', 'tan 45° = 1'],
        narration:
          'A right triangle with an angle of 45 degrees has two equal sides next to its right angle. Its opposite and adjacent sides are equal, so the tangent of 45 degrees is 1. Its other acute angle is 45 degrees too, because the two acute angles of a right triangle add up to 90 degrees.',
        draw: (pen) => {
          const a: Point = [580, 430];
          const b: Point = [840, 430];
          const c: Point = [840, 170];
          shape(pen, [a, b, c]);
          rightMark(pen, b, 90, 22);
          angleArc(pen, a, 0, 45, '45°', 60);
          ticks(pen, a, b);
          ticks(pen, b, c);
        },
      },
      {
        heading: 'Finding a missing side',
        bullets: ['Pick the ratio with both sides', '10 × sin 30° = 5 m'],
        narration:
          'To find a missing side, choose the ratio that uses the side you know and the side you want. A ladder 10 metres long leans against a wall at 30 degrees to the ground. Its top is 10 times the sine of 30 degrees above the ground, which is 5 metres.',
        draw: (pen) => {
          pen.doc.rect(860, 160, 40, 300).fillColor('#e9ecef').fill();
          segment(pen, [540, 460], [900, 460]);
          const foot: Point = [560, 460];
          const top: Point = [860, 287];
          segment(pen, foot, top, ORANGE, 6);
          angleArc(pen, foot, 0, 30, '30°', 70);
          label(pen, '10 m', [690, 350], { color: ORANGE });
          dashed(pen, [860, 287], [860, 460], TEAL);
          label(pen, '5 m', [825, 380], { color: TEAL });
        },
      },
    ],
  },
];

/** A 16:9 deck made with pdfkit, the kind of PDF a teacher exports from their slides. */
export function makeDeckPdf(deck: DemoDeck): Promise<Buffer> {
  return writePdf({ size: [960, 540], margin: 40, autoFirstPage: false }, (doc) => {
    // DejaVu Sans, each Indic script in its Noto family, laid out by HarfBuzz (decision 066).
    registerShapedFont(doc, 'Body', { base: DEJAVU_SANS.regular, weight: 'regular' });
    registerShapedFont(doc, 'Heading', { base: DEJAVU_SANS.bold, weight: 'bold' });
    for (const slide of deck.slides) {
      doc.addPage();
      doc.font('Heading').fontSize(38).fillColor(INK).text(slide.heading, 50, 50, { width: 860 });
      doc.font('Body').fontSize(22).fillColor(INK);
      for (const [line, text] of slide.bullets.entries()) {
        doc.text(`• ${text}`, 60, 170 + line * 70, { width: 400 });
      }
      slide.draw({ doc });
    }
  });
}

export const DEMO_DECKS = {
  foundations: FOUNDATIONS,
  foundationsPreview: FOUNDATIONS_PREVIEW,
  trigonometry: TRIGONOMETRY,
};
