/**
 * Course text for the retrieval tests and bench/guru-answers.ts: a geometry course of four captioned videos, 11 topics each.
 * Every topic is four sentences spoken over 36 seconds (9 s a cue), so training turns each topic into one
 * caption passage; questions name the topic they are answered by.
 */
export interface Topic {
  id: string;
  sentences: [string, string, string, string];
}

export const VIDEOS: { title: string; topics: Topic[] }[] = [
  {
    title: 'Angles and lines',
    topics: [
      {
        id: 'point-line',
        sentences: [
          'Geometry starts with points, lines and planes.',
          'A point marks a position and has no size.',
          'A line goes on forever in both directions.',
          'A line segment is the part of a line between two endpoints.',
        ],
      },
      {
        id: 'ray',
        sentences: [
          'A ray starts at one endpoint and goes on forever in one direction.',
          'We name a ray by its endpoint first.',
          'Two rays that share an endpoint form an angle.',
          'The shared endpoint is called the vertex of the angle.',
        ],
      },
      {
        id: 'acute-obtuse',
        sentences: [
          'An acute angle measures less than ninety degrees.',
          'A right angle measures exactly ninety degrees.',
          'An obtuse angle measures more than ninety but less than one hundred eighty degrees.',
          'A straight angle measures exactly one hundred eighty degrees.',
        ],
      },
      {
        id: 'protractor',
        sentences: [
          'We measure angles with a protractor.',
          'Place the centre of the protractor on the vertex.',
          'Line up the zero mark with one arm of the angle.',
          'Read the degrees where the other arm crosses the scale.',
        ],
      },
      {
        id: 'complementary',
        sentences: [
          'Two angles are complementary when their measures add up to ninety degrees.',
          'For example, thirty and sixty degrees are complementary.',
          'Supplementary angles add up to one hundred eighty degrees.',
          'Angles on a straight line are supplementary.',
        ],
      },
      {
        id: 'vertical-angles',
        sentences: [
          'When two lines cross they form two pairs of vertical angles.',
          'Vertical angles are opposite each other at the crossing.',
          'Vertical angles are always equal.',
          'Adjacent angles at the crossing are supplementary.',
        ],
      },
      {
        id: 'parallel',
        sentences: [
          'Parallel lines lie in the same plane and never meet.',
          'They stay the same distance apart everywhere.',
          'We mark parallel lines with small arrows.',
          'Railway tracks are a good picture of parallel lines.',
        ],
      },
      {
        id: 'perpendicular',
        sentences: [
          'Perpendicular lines meet at a right angle.',
          'We mark the right angle with a small square.',
          'The shortest distance from a point to a line is along the perpendicular.',
          'The walls and floor of a room are usually perpendicular.',
        ],
      },
      {
        id: 'transversal',
        sentences: [
          'A transversal is a line that crosses two other lines.',
          'When the two lines are parallel, corresponding angles are equal.',
          'Alternate interior angles are also equal.',
          'Co-interior angles add up to one hundred eighty degrees.',
        ],
      },
      {
        id: 'bisector',
        sentences: [
          'An angle bisector splits an angle into two equal angles.',
          'You can draw it with a compass and a straightedge.',
          'Every point on the bisector is the same distance from both arms.',
          'The three bisectors of a triangle meet at the incentre.',
        ],
      },
      {
        id: 'reflex',
        sentences: [
          'A reflex angle measures more than one hundred eighty degrees.',
          'It is less than three hundred sixty degrees.',
          'A full turn is three hundred sixty degrees.',
          'A reflex angle and its ordinary angle together make a full turn.',
        ],
      },
    ],
  },
  {
    title: 'Triangles',
    topics: [
      {
        id: 'triangle-sum',
        sentences: [
          'The interior angles of any triangle add up to one hundred eighty degrees.',
          'Tear off the corners of a paper triangle and line them up.',
          'They form a straight angle.',
          'So if you know two angles you can find the third.',
        ],
      },
      {
        id: 'equilateral',
        sentences: [
          'An equilateral triangle has three equal sides.',
          'Each of its angles measures sixty degrees.',
          'It has three lines of symmetry.',
          'It is the most regular triangle there is.',
        ],
      },
      {
        id: 'isosceles',
        sentences: [
          'An isosceles triangle has two equal sides.',
          'The angles opposite the equal sides are also equal.',
          'These are called the base angles.',
          'The line from the apex to the middle of the base is a line of symmetry.',
        ],
      },
      {
        id: 'scalene',
        sentences: [
          'A scalene triangle has no equal sides.',
          'All three of its angles are different too.',
          'Most triangles you draw at random are scalene.',
          'It has no line of symmetry at all.',
        ],
      },
      {
        id: 'hypotenuse',
        sentences: [
          'A right triangle has one angle of ninety degrees.',
          'The side opposite the right angle is called the hypotenuse.',
          'The hypotenuse is always the longest side.',
          'The other two sides are called the legs.',
        ],
      },
      {
        id: 'pythagoras',
        sentences: [
          'The Pythagorean theorem connects the three sides of a right triangle.',
          'The square of the hypotenuse equals the sum of the squares of the legs.',
          'We write it as a squared plus b squared equals c squared.',
          'With legs three and four the hypotenuse is five.',
        ],
      },
      {
        id: 'exterior-angle',
        sentences: [
          'An exterior angle is formed by extending one side of a triangle.',
          'The exterior angle equals the sum of the two opposite interior angles.',
          'This is the exterior angle theorem.',
          'It gives a quick way to find missing angles.',
        ],
      },
      {
        id: 'triangle-inequality',
        sentences: [
          'Not every three lengths can make a triangle.',
          'The sum of any two sides must be greater than the third side.',
          'This rule is the triangle inequality.',
          'Lengths two, three and ten cannot form a triangle.',
        ],
      },
      {
        id: 'congruent',
        sentences: [
          'Congruent triangles have exactly the same size and shape.',
          'Side side side is one test for congruence.',
          'Side angle side and angle side angle are two more tests.',
          'Corresponding parts of congruent triangles are equal.',
        ],
      },
      {
        id: 'similar',
        sentences: [
          'Similar triangles have the same shape but not always the same size.',
          'Their corresponding angles are equal.',
          'Their corresponding sides are in the same ratio.',
          'The ratio is called the scale factor.',
        ],
      },
      {
        id: 'median-centroid',
        sentences: [
          'A median joins a vertex to the midpoint of the opposite side.',
          'Every triangle has three medians.',
          'The medians meet at a point called the centroid.',
          'The centroid is the balance point of the triangle.',
        ],
      },
    ],
  },
  {
    title: 'Area and perimeter',
    topics: [
      {
        id: 'perimeter',
        sentences: [
          'The perimeter is the distance all the way around a shape.',
          'Add up the lengths of all its sides.',
          'For a rectangle the perimeter is two times length plus width.',
          'Perimeter is measured in units of length such as metres.',
        ],
      },
      {
        id: 'rectangle-area',
        sentences: [
          'Area measures the space inside a flat shape.',
          'The area of a rectangle is its length times its width.',
          'Area is measured in square units.',
          'A square of side four has an area of sixteen square units.',
        ],
      },
      {
        id: 'triangle-area',
        sentences: [
          'The area of a triangle is half the base times the height.',
          'The height must be perpendicular to the base.',
          'Two identical triangles fit together into a parallelogram.',
          'That is where the one half comes from.',
        ],
      },
      {
        id: 'parallelogram-area',
        sentences: [
          'A parallelogram has two pairs of parallel sides.',
          'Its area is the base times the perpendicular height.',
          'Cut off a triangle from one end and move it to the other.',
          'You get a rectangle with the same area.',
        ],
      },
      {
        id: 'trapezium-area',
        sentences: [
          'A trapezium has exactly one pair of parallel sides.',
          'Add the two parallel sides and halve the total.',
          'Multiply that by the height between them.',
          'That gives the area of the trapezium.',
        ],
      },
      {
        id: 'circumference',
        sentences: [
          'The circumference is the distance around a circle.',
          'It equals pi times the diameter.',
          'Pi is about three point one four.',
          'You can also write it as two times pi times the radius.',
        ],
      },
      {
        id: 'circle-area',
        sentences: [
          'The area of a circle is pi times the radius squared.',
          'Square the radius first, then multiply by pi.',
          'A circle of radius ten has an area of about three hundred fourteen.',
          'Remember to use the radius and not the diameter.',
        ],
      },
      {
        id: 'composite',
        sentences: [
          'A composite shape is made of simpler shapes.',
          'Split it into rectangles and triangles.',
          'Find the area of each part separately.',
          'Then add the parts together for the total area.',
        ],
      },
      {
        id: 'units-conversion',
        sentences: [
          'Be careful when converting square units.',
          'One square metre is ten thousand square centimetres.',
          'That is because one metre is one hundred centimetres on each side.',
          'Convert lengths before you multiply whenever you can.',
        ],
      },
      {
        id: 'rhombus-area',
        sentences: [
          'A rhombus has four equal sides.',
          'Its diagonals cross at right angles.',
          'The area of a rhombus is half the product of its diagonals.',
          'The same formula works for a kite.',
        ],
      },
      {
        id: 'sector',
        sentences: [
          'A sector is a slice of a circle like a piece of pizza.',
          'Its area is a fraction of the whole circle.',
          'Divide the central angle by three hundred sixty.',
          'Multiply that fraction by pi times the radius squared.',
        ],
      },
    ],
  },
  {
    title: 'Solids and volume',
    topics: [
      {
        id: 'faces-edges',
        sentences: [
          'Solid shapes have faces, edges and vertices.',
          'A cube has six faces, twelve edges and eight vertices.',
          'Euler found that faces plus vertices minus edges equals two.',
          'This works for every convex polyhedron.',
        ],
      },
      {
        id: 'cuboid-volume',
        sentences: [
          'Volume measures the space inside a solid.',
          'The volume of a cuboid is length times width times height.',
          'Volume is measured in cubic units.',
          'A cube of side three has a volume of twenty seven cubic units.',
        ],
      },
      {
        id: 'prism-volume',
        sentences: [
          'A prism has the same cross section all along its length.',
          'Its volume is the area of the cross section times the length.',
          'A triangular prism looks like a tent.',
          'Find the triangle area first, then multiply.',
        ],
      },
      {
        id: 'cylinder-volume',
        sentences: [
          'A cylinder is like a prism with a circular cross section.',
          'Its volume is pi times the radius squared times the height.',
          'A can of soup is a cylinder.',
          'Double the height and you double the volume.',
        ],
      },
      {
        id: 'cone-volume',
        sentences: [
          'A cone has a circular base and comes to a point.',
          'Its volume is one third of a cylinder with the same base and height.',
          'So the formula is one third pi r squared h.',
          'Three cones of water fill the matching cylinder exactly.',
        ],
      },
      {
        id: 'pyramid',
        sentences: [
          'A pyramid has a polygon base and triangular faces meeting at the apex.',
          'Its volume is one third of the base area times the height.',
          'A square pyramid has five faces.',
          'The great pyramids of Egypt have square bases.',
        ],
      },
      {
        id: 'sphere',
        sentences: [
          'A sphere is perfectly round like a ball.',
          'Every point on its surface is the same distance from the centre.',
          'Its volume is four thirds pi times the radius cubed.',
          'Its surface area is four pi times the radius squared.',
        ],
      },
      {
        id: 'surface-area',
        sentences: [
          'Surface area is the total area of all the faces of a solid.',
          'Unfold the solid into a net to see every face.',
          'Add up the areas of the faces in the net.',
          'Surface area tells you how much wrapping paper you need.',
        ],
      },
      {
        id: 'capacity',
        sentences: [
          'Capacity is how much a container can hold.',
          'One litre is one thousand cubic centimetres.',
          'A cube of side ten centimetres holds exactly one litre.',
          'Millilitres and cubic centimetres are the same amount.',
        ],
      },
      {
        id: 'nets',
        sentences: [
          'A net is a flat pattern that folds into a solid.',
          'A cube has eleven different nets.',
          'Each net of a cube has six squares.',
          'Drawing nets helps you picture solids in three dimensions.',
        ],
      },
      {
        id: 'scale-volume',
        sentences: [
          'When you scale a solid, its volume changes by the cube of the scale factor.',
          'Double every length and the volume becomes eight times bigger.',
          'The surface area grows by the square of the scale factor.',
          'That is why big animals need thick legs.',
        ],
      },
    ],
  },
];

/** Questions a student might ask, with the topic that answers them. */
export const QUESTIONS: { question: string; topic: string }[] = [
  { question: 'What is the vertex of an angle?', topic: 'ray' },
  { question: 'How many degrees is an obtuse angle?', topic: 'acute-obtuse' },
  { question: 'How do I measure an angle with a protractor?', topic: 'protractor' },
  { question: 'What are complementary angles?', topic: 'complementary' },
  { question: 'Are vertical angles equal?', topic: 'vertical-angles' },
  { question: 'Do parallel lines ever meet?', topic: 'parallel' },
  { question: 'What does perpendicular mean?', topic: 'perpendicular' },
  { question: 'What is a transversal and which angles are equal?', topic: 'transversal' },
  { question: 'What is a reflex angle?', topic: 'reflex' },
  { question: 'What do the angles in a triangle add up to?', topic: 'triangle-sum' },
  { question: 'What are the angles of an equilateral triangle?', topic: 'equilateral' },
  { question: 'What is the hypotenuse?', topic: 'hypotenuse' },
  { question: 'Can you explain the Pythagorean theorem?', topic: 'pythagoras' },
  { question: 'What is the exterior angle theorem?', topic: 'exterior-angle' },
  { question: 'Can any three lengths make a triangle?', topic: 'triangle-inequality' },
  { question: 'How can I tell if two triangles are congruent?', topic: 'congruent' },
  { question: 'What is a scale factor in similar triangles?', topic: 'similar' },
  { question: 'Where is the centroid of a triangle?', topic: 'median-centroid' },
  { question: 'How do you find the perimeter of a rectangle?', topic: 'perimeter' },
  { question: 'How do I work out the area of a triangle?', topic: 'triangle-area' },
  { question: 'What is the area of a trapezium?', topic: 'trapezium-area' },
  { question: 'How do I find the circumference of a circle?', topic: 'circumference' },
  { question: 'What is the formula for the area of a circle?', topic: 'circle-area' },
  { question: 'How many square centimetres are in a square metre?', topic: 'units-conversion' },
  { question: 'How do I find the area of a sector?', topic: 'sector' },
  { question: 'How many edges does a cube have?', topic: 'faces-edges' },
  { question: 'What is the volume of a cylinder?', topic: 'cylinder-volume' },
  { question: 'How is the volume of a cone related to a cylinder?', topic: 'cone-volume' },
  { question: 'What is the volume of a sphere?', topic: 'sphere' },
  { question: 'How many cubic centimetres are in a litre?', topic: 'capacity' },
  { question: 'What happens to the volume if I double every length?', topic: 'scale-volume' },
  { question: 'How many nets does a cube have?', topic: 'nets' },
];

/**
 * Phrasings written after the relevance floor was tuned (the bench reports them apart): casual wording,
 * other word forms, words the course does not use.
 */
export const HELD_OUT: { question: string; topic: string }[] = [
  { question: 'whats the longest side of a right angled triangle called', topic: 'hypotenuse' },
  { question: 'how much water fits in a cone compared to a cylinder', topic: 'cone-volume' },
  { question: 'is a ninety degree angle acute?', topic: 'acute-obtuse' },
  { question: 'how do I get the distance around a circle', topic: 'circumference' },
  { question: 'why is there a half in the triangle area formula', topic: 'triangle-area' },
  { question: 'what does Euler say about polyhedra', topic: 'faces-edges' },
  { question: 'angles opposite each other when two lines cross', topic: 'vertical-angles' },
  { question: 'how big is the surface of a ball', topic: 'sphere' },
  { question: 'what is a kite area formula', topic: 'rhombus-area' },
  { question: 'how do I split up an L shaped room to find its area', topic: 'composite' },
];

/** Questions the course does not cover: the guru should say so. */
export const OFF_TOPIC = [
  'Who won the football world cup?',
  'What is the capital of France?',
  'How do I bake sourdough bread?',
  'Explain photosynthesis in plants',
  'What is the best programming language for beginners?',
  'When did the second world war end?',
  'How tall is Mount Everest?',
  'Can you recommend a good movie to watch tonight?',
  'What is the square root of a negative number in complex analysis?',
];

export const CUE_SECONDS = 9;
export const TOPIC_SECONDS = CUE_SECONDS * 4;
