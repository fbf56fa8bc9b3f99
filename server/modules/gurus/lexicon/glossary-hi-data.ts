/**
 * A school glossary for Hindi-medium questions (issue 32). Students type Hindi mixed with English school words
 * ("stomata क्या होते हैं") or with everyday Hindi where the textbook has the formal word (पेट for आमाशय); the
 * guru's Hindi deck has the textbook word. These lists connect them.
 *
 * Written on 2026-11-29 from general knowledge of the terms NCERT Hindi-medium textbooks use, across all school
 * subjects (science, mathematics, history, geography, civics, economics), not from any course deck. Data only,
 * read by glossary-hi.ts.
 *
 * ENGLISH_TO_HINDI: one entry a line, "english term: हिंदी शब्द, दूसरा शब्द", the commonest Hindi first.
 * HINDI_EVERYDAY_GROUPS: one group a line, the textbook word first, then everyday or Urdu words for the same.
 */

export const ENGLISH_TO_HINDI = `
cell: कोशिका, सेल
cell membrane: कोशिका झिल्ली
plasma membrane: प्लैज़्मा झिल्ली
cell wall: कोशिका भित्ति
nucleus: केंद्रक
cytoplasm: कोशिकाद्रव्य
chloroplast: क्लोरोप्लास्ट, हरितलवक
chlorophyll: क्लोरोफ़िल, पर्णहरित
mitochondria: माइटोकॉन्ड्रिया, सूत्रकणिका
mitochondrion: माइटोकॉन्ड्रिया, सूत्रकणिका
vacuole: रसधानी, रिक्तिका
ribosome: राइबोसोम
tissue: ऊतक
organ: अंग
organism: जीव
chromosome: गुणसूत्र
gene: जीन
heredity: आनुवंशिकता
evolution: विकास
variation: विभिन्नता
species: स्पीशीज़, जाति
unicellular: एककोशिक
multicellular: बहुकोशिक
photosynthesis: प्रकाश संश्लेषण
stomata: रंध्र
stoma: रंध्र
transpiration: वाष्पोत्सर्जन
root: जड़, मूल
stem: तना
leaf: पत्ती
flower: फूल, पुष्प
fruit: फल
seed: बीज
germination: अंकुरण
pollination: परागण
pollen: परागकण
stamen: पुंकेसर
pistil: स्त्रीकेसर
carpel: अंडप
ovary: अंडाशय
ovule: बीजांड
petal: पंखुड़ी, दल
sepal: बाह्यदल
fertilisation: निषेचन
fertilization: निषेचन
xylem: जाइलम, दारु
phloem: फ्लोएम, पोषवाह
autotrophic: स्वपोषी
heterotrophic: विषमपोषी
parasite: परजीवी
saprophyte: मृतजीवी
saprotrophic: मृतजीवी
parasitic: परजीवी
insectivorous: कीटभक्षी
pigment: वर्णक
lichen: लाइकेन
symbiosis: सहजीवन
symbiotic: सहजीवी
host: परपोषी
nutrition: पोषण
nutrient: पोषक, पोषक तत्व
carbohydrate: कार्बोहाइड्रेट
protein: प्रोटीन
fat: वसा
vitamin: विटामिन
roughage: रुक्षांश
balanced diet: संतुलित आहार
deficiency disease: अभावजन्य रोग
digestion: पाचन
digestive system: पाचन तंत्र
mouth: मुख, मुँह
tooth: दाँत
teeth: दाँत
saliva: लार
tongue: जीभ, जिह्वा
oesophagus: ग्रसिका, आहार नली
esophagus: ग्रसिका, आहार नली
food pipe: आहार नली, ग्रसिका
stomach: आमाशय
intestine: आँत
small intestine: क्षुद्रांत्र, छोटी आँत
large intestine: बृहदांत्र, बड़ी आँत
liver: यकृत
pancreas: अग्न्याशय
gall bladder: पित्ताशय
bile: पित्त, पित्तरस
enzyme: एंजाइम, प्रकिण्व
villi: दीर्घरोम
villus: दीर्घरोम
absorption: अवशोषण
assimilation: स्वांगीकरण
anus: गुदा
respiration: श्वसन
breathing: श्वास, साँस
aerobic respiration: वायवीय श्वसन
anaerobic respiration: अवायवीय श्वसन
lung: फुफ्फुस, फेफड़ा
lungs: फुफ्फुस, फेफड़े
trachea: श्वासनली
windpipe: श्वासनली
alveoli: कूपिका, वायु कूपिका
alveolus: कूपिका, वायु कूपिका
diaphragm: डायाफ्राम, मध्यपट
nostril: नासाद्वार
inhalation: अंतःश्वसन
exhalation: उच्छ्वसन
gill: क्लोम, गिल
circulation: परिसंचरण
circulatory system: परिसंचरण तंत्र
blood: रुधिर, रक्त
blood vessel: रुधिर वाहिका, रक्त वाहिका
artery: धमनी
vein: शिरा
capillary: केशिका
heart: हृदय
heartbeat: हृदय स्पंदन
pulse: नाड़ी, नाड़ी स्पंद
plasma: प्लैज़्मा
rbc: लाल रुधिर कणिका, लाल रक्त कोशिका
wbc: श्वेत रुधिर कणिका, श्वेत रक्त कोशिका
platelet: पट्टिकाणु, प्लेटलेट्स
haemoglobin: हीमोग्लोबिन
hemoglobin: हीमोग्लोबिन
lymph: लसीका
atrium: अलिंद
ventricle: निलय
valve: वाल्व, कपाट
excretion: उत्सर्जन
excretory system: उत्सर्जन तंत्र
kidney: वृक्क, गुर्दा
nephron: वृक्काणु, नेफ्रॉन
urine: मूत्र
urinary bladder: मूत्राशय
ureter: मूत्रवाहिनी
urethra: मूत्रमार्ग
dialysis: अपोहन, डायलिसिस
sweat: पसीना, स्वेद
urea: यूरिया
nervous system: तंत्रिका तंत्र
neuron: तंत्रिका कोशिका, न्यूरॉन
nerve: तंत्रिका
brain: मस्तिष्क
spinal cord: मेरुरज्जु
reflex action: प्रतिवर्ती क्रिया
hormone: हॉर्मोन
gland: ग्रंथि
endocrine gland: अंतःस्रावी ग्रंथि
thyroid: थायरॉइड, अवटु
pituitary: पीयूष ग्रंथि
insulin: इंसुलिन
adrenaline: एड्रीनलीन
receptor: ग्राही
synapse: सिनैप्स, अंतर्ग्रथन
reproduction: जनन
asexual reproduction: अलैंगिक जनन
sexual reproduction: लैंगिक जनन
budding: मुकुलन
fission: विखंडन
binary fission: द्विविखंडन
spore: बीजाणु
regeneration: पुनरुद्भवन
vegetative propagation: कायिक प्रवर्धन
zygote: युग्मनज
embryo: भ्रूण
gamete: युग्मक
sperm: शुक्राणु
egg: अंडा, अंडाणु
testis: वृषण
testes: वृषण
uterus: गर्भाशय
placenta: प्लैसेंटा, अपरा
puberty: यौवनारंभ
adolescence: किशोरावस्था
menstruation: ऋतुस्राव, रजोधर्म
metamorphosis: कायांतरण
skeleton: कंकाल
bone: अस्थि, हड्डी
joint: संधि, जोड़
muscle: पेशी, मांसपेशी
cartilage: उपास्थि
skull: खोपड़ी, कपाल
rib: पसली
backbone: मेरुदंड, रीढ़ की हड्डी
skin: त्वचा
health: स्वास्थ्य
disease: रोग, बीमारी
infection: संक्रमण
vaccine: टीका, वैक्सीन
vaccination: टीकाकरण
immunity: प्रतिरक्षा
antibiotic: प्रतिजैविक, एंटीबायोटिक
antibody: प्रतिरक्षी, एंटीबॉडी
symptom: लक्षण
pathogen: रोगाणु, रोगजनक
germ: रोगाणु
virus: विषाणु, वायरस
bacteria: जीवाणु, बैक्टीरिया
bacterium: जीवाणु, बैक्टीरिया
fungus: कवक
fungi: कवक
algae: शैवाल
alga: शैवाल
protozoa: प्रोटोज़ोआ
microorganism: सूक्ष्मजीव
microbe: सूक्ष्मजीव
yeast: यीस्ट, खमीर
fermentation: किण्वन
malaria: मलेरिया
tuberculosis: क्षयरोग, तपेदिक
mosquito: मच्छर
decomposer: अपघटक
decomposition: अपघटन, वियोजन
producer: उत्पादक
consumer: उपभोक्ता
herbivore: शाकाहारी
carnivore: मांसाहारी
omnivore: सर्वाहारी
food chain: खाद्य शृंखला
food web: खाद्य जाल
ecosystem: पारितंत्र, पारिस्थितिक तंत्र
environment: पर्यावरण
habitat: आवास
adaptation: अनुकूलन
biodiversity: जैव विविधता
extinct: विलुप्त
endangered: संकटापन्न
deforestation: वनोन्मूलन, वन कटाई
pollution: प्रदूषण
biodegradable: जैव निम्नीकरणीय
ozone: ओज़ोन
ozone layer: ओज़ोन परत
greenhouse effect: पौधघर प्रभाव, ग्रीनहाउस प्रभाव
global warming: भूमंडलीय ऊष्मण, वैश्विक ऊष्मण, विश्व ऊष्णन
trophic level: पोषी स्तर
predator: परभक्षी
prey: शिकार
vertebrate: कशेरुकी
invertebrate: अकशेरुकी
mammal: स्तनधारी, स्तनपायी
reptile: सरीसृप
amphibian: उभयचर
insect: कीट
classification: वर्गीकरण
fossil: जीवाश्म
fibre: रेशा, तंतु
wool: ऊन
silk: रेशम
cotton: कपास
crop: फसल
manure: खाद
fertiliser: उर्वरक
fertilizer: उर्वरक
irrigation: सिंचाई
weed: खरपतवार
harvesting: कटाई
sowing: बुआई
pesticide: पीड़कनाशी, कीटनाशक
matter: द्रव्य, पदार्थ
substance: पदार्थ
solid: ठोस
liquid: द्रव
gas: गैस
state: अवस्था, राज्य
melting point: गलनांक
boiling point: क्वथनांक
melting: गलन, पिघलना
evaporation: वाष्पन
condensation: संघनन
sublimation: ऊर्ध्वपातन
diffusion: विसरण
density: घनत्व
mixture: मिश्रण
compound: यौगिक
element: तत्व
atom: परमाणु
molecule: अणु
ion: आयन
electron: इलेक्ट्रॉन
proton: प्रोटॉन
neutron: न्यूट्रॉन
atomic number: परमाणु संख्या
mass number: द्रव्यमान संख्या
isotope: समस्थानिक
isobar: समभारिक
valency: संयोजकता
atomic mass: परमाणु द्रव्यमान
molecular mass: आण्विक द्रव्यमान
mole: मोल
formula: सूत्र
chemical formula: रासायनिक सूत्र
equation: समीकरण
chemical equation: रासायनिक समीकरण
reaction: अभिक्रिया
chemical reaction: रासायनिक अभिक्रिया
reactant: अभिकारक
product: गुणनफल, उत्पाद
catalyst: उत्प्रेरक
combination reaction: संयोजन अभिक्रिया
displacement reaction: विस्थापन अभिक्रिया
oxidation: उपचयन, ऑक्सीकरण
reduction: अपचयन
redox: रेडॉक्स
corrosion: संक्षारण
rust: जंग
rusting: जंग लगना
rancidity: विकृतगंधिता
precipitate: अवक्षेप
exothermic: ऊष्माक्षेपी
endothermic: ऊष्माशोषी
acid: अम्ल
base: क्षारक, आधार
alkali: क्षार
salt: लवण, नमक
indicator: सूचक
litmus: लिटमस
neutralisation: उदासीनीकरण
neutralization: उदासीनीकरण
baking soda: बेकिंग सोडा
washing soda: धावन सोडा
bleaching powder: विरंजक चूर्ण
metal: धातु
non-metal: अधातु
nonmetal: अधातु
metalloid: उपधातु
alloy: मिश्रातु
ore: अयस्क
mineral: खनिज
malleable: आघातवर्ध्य
malleability: आघातवर्ध्यता
ductile: तन्य
ductility: तन्यता
conductor: चालक
insulator: विद्युतरोधी, ऊष्मारोधी
reactivity series: सक्रियता श्रेणी
electrolysis: विद्युत अपघटन
refining: परिष्करण
roasting: भर्जन
calcination: निस्तापन
galvanisation: यशदलेपन
galvanization: यशदलेपन
carbon: कार्बन
hydrocarbon: हाइड्रोकार्बन
bond: आबंध
covalent bond: सहसंयोजक आबंध
ionic bond: आयनिक आबंध
saturated: संतृप्त
unsaturated: असंतृप्त
homologous series: समजातीय श्रेणी
functional group: प्रकार्यात्मक समूह
isomer: समावयव
combustion: दहन
fuel: ईंधन
flame: ज्वाला, लौ
ignition temperature: ज्वलन ताप
calorific value: ऊष्मीय मान, कैलोरी मान
soap: साबुन
detergent: अपमार्जक
ethanol: एथनॉल
methane: मेथेन
oxygen: ऑक्सीजन
hydrogen: हाइड्रोजन
nitrogen: नाइट्रोजन
carbon dioxide: कार्बन डाइऑक्साइड
sodium: सोडियम
chlorine: क्लोरीन
sulphur: सल्फ़र, गंधक
iron: लोहा, आयरन
copper: ताँबा, कॉपर
zinc: जिंक, जस्ता
aluminium: ऐलुमिनियम
gold: सोना, स्वर्ण
silver: चाँदी
calcium: कैल्सियम
magnesium: मैग्नीशियम
mercury: पारा, बुध
periodic table: आवर्त सारणी
solution: विलयन, हल
solute: विलेय
solvent: विलायक
solubility: विलेयता
suspension: निलंबन
colloid: कोलॉइड
concentration: सांद्रता
filtration: निस्यंदन
distillation: आसवन
crystallisation: क्रिस्टलीकरण
chromatography: क्रोमैटोग्राफ़ी
sedimentation: अवसादन
decantation: निस्तारण
physical change: भौतिक परिवर्तन
chemical change: रासायनिक परिवर्तन
coal: कोयला
petroleum: पेट्रोलियम
natural gas: प्राकृतिक गैस
fossil fuel: जीवाश्म ईंधन
plastic: प्लास्टिक
polymer: बहुलक
motion: गति
rest: विराम
distance: दूरी
displacement: विस्थापन
speed: चाल
velocity: वेग
acceleration: त्वरण
uniform motion: एकसमान गति
force: बल
friction: घर्षण
inertia: जड़त्व
mass: द्रव्यमान
weight: भार
momentum: संवेग
gravity: गुरुत्व
gravitation: गुरुत्वाकर्षण
free fall: मुक्त पतन
pressure: दाब
atmospheric pressure: वायुमंडलीय दाब
thrust: प्रणोद
buoyancy: उत्प्लावकता
buoyant force: उत्प्लावन बल
upthrust: उत्प्लावन बल
relative density: आपेक्षिक घनत्व
work: कार्य
energy: ऊर्जा
kinetic energy: गतिज ऊर्जा
potential energy: स्थितिज ऊर्जा
power: शक्ति, घात
joule: जूल
watt: वाट
newton: न्यूटन
unit: मात्रक, इकाई
measurement: मापन
length: लंबाई
time: समय
oscillation: दोलन
pendulum: लोलक
periodic motion: आवर्ती गति
sound: ध्वनि
vibration: कंपन
frequency: आवृत्ति
amplitude: आयाम
wavelength: तरंगदैर्ध्य
wave: तरंग
echo: प्रतिध्वनि
pitch: तारत्व
loudness: प्रबलता
ultrasound: पराश्रव्य ध्वनि
infrasound: अवश्रव्य ध्वनि
hertz: हर्ट्ज़
noise: शोर
medium: माध्यम
light: प्रकाश
reflection: परावर्तन
refraction: अपवर्तन
dispersion: विक्षेपण
scattering: प्रकीर्णन
mirror: दर्पण
lens: लेंस
concave: अवतल
convex: उत्तल
plane mirror: समतल दर्पण
image: प्रतिबिंब
real image: वास्तविक प्रतिबिंब
virtual image: आभासी प्रतिबिंब
focus: फ़ोकस
focal length: फ़ोकस दूरी
principal axis: मुख्य अक्ष
ray: किरण
refractive index: अपवर्तनांक
spectrum: स्पेक्ट्रम
prism: प्रिज़्म
shadow: छाया
transparent: पारदर्शी
translucent: पारभासी
opaque: अपारदर्शी
luminous: दीप्त
eye: नेत्र, आँख
retina: दृष्टिपटल, रेटिना
cornea: कॉर्निया, स्वच्छमंडल
pupil: पुतली
iris: परितारिका
myopia: निकट दृष्टि दोष
hypermetropia: दीर्घ दृष्टि दोष
electricity: विद्युत, बिजली
electric current: विद्युत धारा
current: धारा
potential difference: विभवांतर
voltage: वोल्टता
resistance: प्रतिरोध
resistor: प्रतिरोधक
resistivity: प्रतिरोधकता
ohm: ओम
ampere: ऐम्पियर
volt: वोल्ट
circuit: परिपथ
electric circuit: विद्युत परिपथ
battery: बैटरी
switch: स्विच
fuse: फ़्यूज़
bulb: बल्ब
filament: तंतु
series: श्रेणी, श्रेणीक्रम
parallel: समांतर, पार्श्वक्रम
ammeter: ऐमीटर
voltmeter: वोल्टमीटर
galvanometer: गैल्वेनोमीटर
short circuit: लघुपथन
earthing: भूसंपर्कण
magnet: चुंबक
magnetism: चुंबकत्व
magnetic field: चुंबकीय क्षेत्र
field line: क्षेत्र रेखा
compass: दिक्सूचक, कम्पास
electromagnet: विद्युत चुंबक
electromagnetic induction: विद्युत चुंबकीय प्रेरण
generator: जनित्र
motor: मोटर
solenoid: परिनालिका
pole: ध्रुव
heat: ऊष्मा
temperature: ताप, तापमान
thermometer: तापमापी
conduction: चालन
convection: संवहन
radiation: विकिरण
expansion: प्रसार
celsius: सेल्सियस
kelvin: केल्विन
charge: आवेश
static electricity: स्थिर विद्युत
lightning: तड़ित, बिजली
solar energy: सौर ऊर्जा
wind energy: पवन ऊर्जा
nuclear energy: नाभिकीय ऊर्जा
renewable: नवीकरणीय
solar cell: सौर सेल
hydroelectricity: जल विद्युत
sun: सूर्य
moon: चंद्रमा
earth: पृथ्वी
planet: ग्रह
star: तारा
satellite: उपग्रह
orbit: कक्षा
solar system: सौर मंडल, सौरमंडल
galaxy: मंदाकिनी, आकाशगंगा
milky way: आकाशगंगा
constellation: तारामंडल
comet: धूमकेतु
meteor: उल्का
asteroid: क्षुद्रग्रह
universe: ब्रह्मांड
light year: प्रकाश वर्ष
axis: अक्ष
rotation: घूर्णन
revolution: परिक्रमण, क्रांति
eclipse: ग्रहण
solar eclipse: सूर्य ग्रहण
lunar eclipse: चंद्र ग्रहण
mars: मंगल
jupiter: बृहस्पति
venus: शुक्र
saturn: शनि
uranus: यूरेनस, अरुण
neptune: नेप्च्यून, वरुण
atmosphere: वायुमंडल
hydrosphere: जलमंडल
lithosphere: स्थलमंडल
biosphere: जैवमंडल
latitude: अक्षांश
longitude: देशांतर
equator: विषुवत वृत्त, भूमध्य रेखा
hemisphere: गोलार्ध, अर्धगोला
prime meridian: प्रधान मध्याह्न रेखा
meridian: मध्याह्न रेखा, याम्योत्तर
globe: ग्लोब
map: मानचित्र, नक्शा
scale: पैमाना, मापनी
direction: दिशा
north: उत्तर
south: दक्षिण
east: पूर्व
west: पश्चिम
season: ऋतु, मौसम
solstice: अयनांत
equinox: विषुव
crust: भूपर्पटी
mantle: मैंटल, प्रावार
core: क्रोड
rock: शैल, चट्टान
igneous rock: आग्नेय शैल
sedimentary rock: अवसादी शैल
metamorphic rock: कायांतरित शैल
volcano: ज्वालामुखी
lava: लावा
magma: मैग्मा
earthquake: भूकंप
erosion: अपरदन
weathering: अपक्षय
deposition: निक्षेपण
landform: स्थलरूप
mountain: पर्वत
plateau: पठार
plain: मैदान
valley: घाटी
glacier: हिमनद
delta: डेल्टा
river: नदी
lake: झील
freshwater: मीठा पानी, अलवणीय जल
fresh water: मीठा पानी, अलवणीय जल
salt water: खारा पानी, लवणीय जल
group: समूह, वर्ग
degree: डिग्री
discovery: खोज, आविष्कार
discover: खोज, खोजा
preservation: परिरक्षण
tributary: सहायक नदी
distributary: वितरिका
meander: विसर्प
waterfall: जलप्रपात
desert: मरुस्थल, रेगिस्तान
island: द्वीप
peninsula: प्रायद्वीप
coast: तट
ocean: महासागर
sea: समुद्र, सागर
tide: ज्वार भाटा
ocean current: महासागरीय धारा
continent: महाद्वीप
climate: जलवायु
weather: मौसम
humidity: आर्द्रता
rainfall: वर्षा
precipitation: वर्षण
monsoon: मानसून
cyclone: चक्रवात
drought: सूखा
flood: बाढ़
wind: पवन
water cycle: जल चक्र
groundwater: भौमजल, भूजल
soil: मृदा, मिट्टी
alluvial soil: जलोढ़ मृदा
black soil: काली मृदा
red soil: लाल मृदा
laterite soil: लैटेराइट मृदा
soil erosion: मृदा अपरदन
humus: ह्यूमस
resource: संसाधन
natural resource: प्राकृतिक संसाधन
conservation: संरक्षण
forest: वन, जंगल
wildlife: वन्य जीवन
national park: राष्ट्रीय उद्यान
sanctuary: अभयारण्य
vegetation: वनस्पति
natural vegetation: प्राकृतिक वनस्पति
evergreen forest: सदाबहार वन
deciduous forest: पर्णपाती वन
mangrove: मैंग्रोव
grassland: घास स्थल, घास का मैदान
tundra: टुंड्रा
relief: उच्चावच
contour: समोच्च रेखा
drainage: अपवाह
water divide: जल विभाजक
basin: द्रोणी, बेसिन
agriculture: कृषि, खेती
farming: खेती, कृषि
kharif: ख़रीफ़, खरीफ
rabi: रबी
zaid: ज़ायद, जायद
plantation: रोपण कृषि, बागान
shifting cultivation: स्थानांतरी कृषि, झूम खेती
subsistence farming: निर्वाह कृषि
commercial farming: वाणिज्यिक कृषि
intensive farming: गहन कृषि
crop rotation: फसल चक्र
green revolution: हरित क्रांति
industry: उद्योग
manufacturing: विनिर्माण
population: जनसंख्या
population density: जनसंख्या घनत्व
migration: प्रवास
census: जनगणना
literacy: साक्षरता
sex ratio: लिंग अनुपात
urbanisation: नगरीकरण
transport: परिवहन
dam: बाँध
multipurpose project: बहुउद्देशीय परियोजना
rainwater harvesting: वर्षा जल संग्रहण
iron ore: लौह अयस्क
number: संख्या
digit: अंक
natural number: प्राकृत संख्या
whole number: पूर्ण संख्या
integer: पूर्णांक
rational number: परिमेय संख्या
irrational number: अपरिमेय संख्या
real number: वास्तविक संख्या
prime number: अभाज्य संख्या
composite number: भाज्य संख्या
even number: सम संख्या
odd number: विषम संख्या
fraction: भिन्न
numerator: अंश
denominator: हर
decimal: दशमलव
percentage: प्रतिशत
percent: प्रतिशत
ratio: अनुपात
proportion: समानुपात
factor: गुणनखंड
multiple: गुणज
hcf: महत्तम समापवर्तक
lcm: लघुत्तम समापवर्त्य
square: वर्ग
square root: वर्गमूल
cube: घन
cube root: घनमूल
exponent: घातांक
addition: योग, जोड़
subtraction: व्यवकलन, घटाना
multiplication: गुणन, गुणा
division: भाग
sum: योग, योगफल
difference: अंतर
quotient: भागफल
remainder: शेषफल
dividend: भाज्य
divisor: भाजक
algebra: बीजगणित
variable: चर
constant: अचर
expression: व्यंजक
term: पद
coefficient: गुणांक
polynomial: बहुपद
linear equation: रैखिक समीकरण
quadratic equation: द्विघात समीकरण
identity: सर्वसमिका
arithmetic progression: समांतर श्रेढ़ी
sequence: अनुक्रम
zero: शून्य
negative: ऋणात्मक
positive: धनात्मक
infinity: अनंत
set: समुच्चय
function: फलन
geometry: ज्यामिति
point: बिंदु
line: रेखा
line segment: रेखाखंड
angle: कोण
right angle: समकोण
acute angle: न्यून कोण
obtuse angle: अधिक कोण
reflex angle: प्रतिवर्ती कोण
straight angle: ऋजु कोण
complementary angle: पूरक कोण
supplementary angle: संपूरक कोण
perpendicular: लंब
triangle: त्रिभुज
equilateral triangle: समबाहु त्रिभुज
isosceles triangle: समद्विबाहु त्रिभुज
scalene triangle: विषमबाहु त्रिभुज
hypotenuse: कर्ण
quadrilateral: चतुर्भुज
rectangle: आयत
parallelogram: समांतर चतुर्भुज
rhombus: समचतुर्भुज
trapezium: समलंब
polygon: बहुभुज
circle: वृत्त
radius: त्रिज्या
diameter: व्यास
circumference: परिधि
chord: जीवा
arc: चाप
tangent: स्पर्श रेखा
sector: त्रिज्यखंड, क्षेत्रक
centre: केंद्र
center: केंद्र
vertex: शीर्ष
side: भुजा
diagonal: विकर्ण
congruent: सर्वांगसम
similar: समरूप
symmetry: सममिति
perimeter: परिमाप
area: क्षेत्रफल
volume: आयतन
surface area: पृष्ठीय क्षेत्रफल
mensuration: क्षेत्रमिति
cuboid: घनाभ
cylinder: बेलन
cone: शंकु
sphere: गोला
coordinate: निर्देशांक
origin: मूलबिंदु
graph: आलेख, ग्राफ़
statistics: सांख्यिकी
data: आँकड़े
mean: माध्य
median: माध्यक
mode: बहुलक
range: परिसर
average: औसत
probability: प्रायिकता
bar graph: दंड आलेख
histogram: आयतचित्र
pie chart: पाई चार्ट
trigonometry: त्रिकोणमिति
theorem: प्रमेय
proof: उपपत्ति
axiom: अभिगृहीत
interest: ब्याज
simple interest: साधारण ब्याज
compound interest: चक्रवृद्धि ब्याज
profit: लाभ
loss: हानि
discount: बट्टा
history: इतिहास
civilisation: सभ्यता
civilization: सभ्यता
archaeology: पुरातत्व
archaeologist: पुरातत्वविद्
inscription: अभिलेख
manuscript: पांडुलिपि
source: स्रोत
prehistoric: प्रागैतिहासिक
empire: साम्राज्य
kingdom: राज्य, जगत
dynasty: राजवंश
king: राजा
queen: रानी
emperor: सम्राट
monarchy: राजतंत्र
republic: गणराज्य, गणतंत्र
colony: उपनिवेश
colonialism: उपनिवेशवाद
imperialism: साम्राज्यवाद
nationalism: राष्ट्रवाद
nation: राष्ट्र
french revolution: फ़्रांसीसी क्रांति
industrial revolution: औद्योगिक क्रांति
revolt: विद्रोह
rebellion: विद्रोह
movement: आंदोलन, गति
non-cooperation: असहयोग
civil disobedience: सविनय अवज्ञा
satyagraha: सत्याग्रह
boycott: बहिष्कार
swadeshi: स्वदेशी
independence: स्वतंत्रता, आज़ादी
freedom: स्वतंत्रता, आज़ादी
partition: विभाजन
trade: व्यापार
tribe: जनजाति, कबीला
tribal: जनजातीय, आदिवासी
caste: जाति
peasant: किसान
zamindar: ज़मींदार
revenue: राजस्व
tax: कर
temple: मंदिर
fort: किला, दुर्ग
architecture: स्थापत्य, वास्तुकला
textile: वस्त्र
printing press: छापाख़ाना, छापाखाना
novel: उपन्यास
feudalism: सामंतवाद
socialism: समाजवाद
communism: साम्यवाद
capitalism: पूँजीवाद
liberalism: उदारवाद
fascism: फ़ासीवाद
nazism: नात्सीवाद
treaty: संधि
war: युद्ध
world war: विश्व युद्ध
pastoralist: चरवाहा, पशुचारक
nomad: घुमंतू, ख़ानाबदोश
coin: सिक्का
sultan: सुल्तान
mughal: मुग़ल
reform: सुधार
reformer: सुधारक
untouchability: अस्पृश्यता, छुआछूत
constitution: संविधान
layer: परत
km: किलोमीटर
cm: सेंटीमीटर
mm: मिलीमीटर
kg: किलोग्राम
article: अनुच्छेद
list: सूची
subject: विषय
member: सदस्य
rule: नियम
chapter: अध्याय
example: उदाहरण
preamble: प्रस्तावना, उद्देशिका
democracy: लोकतंत्र
dictatorship: तानाशाही
government: सरकार
parliament: संसद
lok sabha: लोक सभा
rajya sabha: राज्य सभा
legislature: विधायिका
executive: कार्यपालिका
judiciary: न्यायपालिका
court: न्यायालय, अदालत
supreme court: सर्वोच्च न्यायालय
high court: उच्च न्यायालय
judge: न्यायाधीश
law: कानून, क़ानून, विधि
bill: विधेयक
act: अधिनियम
president: राष्ट्रपति
prime minister: प्रधानमंत्री
chief minister: मुख्यमंत्री
governor: राज्यपाल
minister: मंत्री
cabinet: मंत्रिमंडल
election: चुनाव, निर्वाचन
election commission: चुनाव आयोग
vote: मत, वोट
voter: मतदाता
constituency: निर्वाचन क्षेत्र
candidate: उम्मीदवार, प्रत्याशी
political party: राजनीतिक दल
opposition: विपक्ष
coalition: गठबंधन
franchise: मताधिकार
right: अधिकार
fundamental right: मौलिक अधिकार
duty: कर्तव्य
equality: समानता
liberty: स्वतंत्रता
justice: न्याय
secularism: धर्मनिरपेक्षता
secular: धर्मनिरपेक्ष
sovereign: संप्रभु
federalism: संघवाद
federal: संघीय
union: संघ
local government: स्थानीय सरकार, स्थानीय शासन
panchayat: पंचायत
gram sabha: ग्राम सभा
municipality: नगरपालिका
municipal corporation: नगर निगम
citizen: नागरिक
citizenship: नागरिकता
minority: अल्पसंख्यक
majority: बहुमत, बहुसंख्यक
diversity: विविधता
discrimination: भेदभाव
power sharing: सत्ता की साझेदारी
police: पुलिस
fir: प्राथमिकी
lawyer: वकील
media: मीडिया, संचार माध्यम
advertisement: विज्ञापन
pressure group: दबाव समूह
amendment: संशोधन
emergency: आपातकाल
economy: अर्थव्यवस्था
economics: अर्थशास्त्र
market: बाज़ार
money: मुद्रा, पैसा
currency: मुद्रा
bank: बैंक
credit: साख, ऋण
loan: ऋण, कर्ज़
deposit: जमा
collateral: समर्थक ऋणाधार
income: आय
national income: राष्ट्रीय आय
gdp: सकल घरेलू उत्पाद
development: विकास
poverty: निर्धनता, गरीबी
poverty line: निर्धनता रेखा, गरीबी रेखा
unemployment: बेरोज़गारी
disguised unemployment: प्रच्छन्न बेरोज़गारी
employment: रोज़गार
primary sector: प्राथमिक क्षेत्रक
secondary sector: द्वितीयक क्षेत्रक
tertiary sector: तृतीयक क्षेत्रक
organised sector: संगठित क्षेत्रक
unorganised sector: असंगठित क्षेत्रक
public sector: सार्वजनिक क्षेत्रक
private sector: निजी क्षेत्रक
globalisation: वैश्वीकरण
globalization: वैश्वीकरण
liberalisation: उदारीकरण
privatisation: निजीकरण
consumer rights: उपभोक्ता अधिकार
goods: वस्तुएँ
service: सेवा
capital: पूँजी, राजधानी
labour: श्रम
land: भूमि
production: उत्पादन
entrepreneur: उद्यमी
wage: मज़दूरी
investment: निवेश
multinational: बहुराष्ट्रीय
mnc: बहुराष्ट्रीय कंपनी
import: आयात
export: निर्यात
buffer stock: बफ़र स्टॉक
food security: खाद्य सुरक्षा
ration: राशन
human capital: मानव पूँजी
inflation: मुद्रास्फीति
demand: माँग
supply: पूर्ति, आपूर्ति
price: कीमत, मूल्य
barter: वस्तु विनिमय
subsidy: सहायिकी
budget: बजट
infrastructure: आधारिक संरचना
middleman: बिचौलिया
`;

export const HINDI_EVERYDAY_GROUPS = `
आमाशय पेट
जन्म पैदा
आयु उम्र उमर
क्षेत्र इलाका इलाके
आवास घर मकान
भोजन खाना आहार
पृथ्वी धरती धरा
वेग चाल रफ़्तार रफ्तार
सूर्य सूरज
चंद्रमा चाँद चांद
जल पानी नीर
वायु हवा पवन
रुधिर रक्त खून लहू
हृदय दिल
वृक्क गुर्दा
यकृत जिगर
फुफ्फुस फेफड़ा फेफड़े
मस्तिष्क दिमाग़ दिमाग
अस्थि हड्डी
त्वचा चमड़ी खाल
नेत्र आँख आंख
दाँत दांत दंत
जिह्वा जीभ
मुख मुँह मुंह
नासिका नाक
मूत्र पेशाब
स्वेद पसीना
पाचन हाजमा
श्वास साँस सांस
आँत अंतड़ी
गर्भाशय बच्चेदानी
वसा चर्बी
पेशी मांसपेशी
रोग बीमारी
औषधि दवा दवाई
ज्वर बुखार
स्वास्थ्य सेहत
जीवाणु बैक्टीरिया
विषाणु वायरस
टीका वैक्सीन
पादप पौधा पौधे
वृक्ष पेड़
पुष्प फूल
पत्ती पत्ता पत्ते
मूल जड़
कीट कीड़ा कीड़े
जंतु जानवर
पक्षी चिड़िया परिंदा
मनुष्य इंसान मानव
द्रव तरल
वाष्प भाप
अम्ल तेज़ाब तेजाब
लोहा लौह
ताँबा तांबा
स्वर्ण सोना
रजत चाँदी चांदी
ऊष्मा गर्मी
उष्ण गर्म गरम
शीतल ठंडा ठंडी
प्रकाश रोशनी उजाला
ध्वनि आवाज़ आवाज
बल ज़ोर जोर
शक्ति ताकत ताक़त
दाब दबाव
घर्षण रगड़
भार वज़न वजन
दूरी फ़ासला फासला
समय वक्त वक़्त
विद्युत बिजली
दर्पण आईना
छाया परछाई परछाईं
परिवर्तन बदलाव
वृद्धि बढ़ोतरी
परिक्रमा चक्कर
तारा सितारा
आकाश आसमान गगन
मंदाकिनी आकाशगंगा
वर्षा बारिश बरसात
पर्वत पहाड़
नदी दरिया
समुद्र सागर समंदर
मरुस्थल रेगिस्तान
वन जंगल
मृदा मिट्टी
हिम बर्फ़ बर्फ
द्वीप टापू
तट किनारा
मानचित्र नक्शा नक़्शा
भूकंप भूचाल
बाढ़ सैलाब
कृषि खेती
कृषक किसान
योग जोड़ योगफल
व्यवकलन घटाना
गुणन गुणा
अंतर फ़र्क फर्क फरक
प्रतिशत फ़ीसदी फीसदी
आँकड़े आंकड़े डेटा
आलेख ग्राफ़ ग्राफ
सम्राट बादशाह शहंशाह
युद्ध लड़ाई
स्वतंत्रता आज़ादी आजादी
विद्रोह बग़ावत बगावत
दुर्ग किला
व्यापार कारोबार
भवन इमारत
वास्तुकला स्थापत्य
धर्म मज़हब मजहब
यात्रा सफ़र सफर
मार्ग रास्ता राह
परिवहन यातायात
न्यायालय अदालत कोर्ट
न्यायाधीश जज
विधि कानून क़ानून
निर्वाचन चुनाव इलेक्शन
मतदाता वोटर
सरकार हुकूमत
अधिकार हक़ हक
कर्तव्य फ़र्ज़ फर्ज
समानता बराबरी
न्याय इंसाफ़ इंसाफ
दल पार्टी
प्रत्याशी उम्मीदवार
मुद्रा पैसा
ऋण कर्ज़ कर्ज उधार
आय कमाई आमदनी
मज़दूरी मजदूरी दिहाड़ी
श्रमिक मज़दूर मजदूर कामगार
निर्धनता गरीबी ग़रीबी
बेरोज़गारी बेरोजगारी
रोज़गार रोजगार
बाज़ार बाजार मंडी
मूल्य कीमत क़ीमत दाम
लाभ मुनाफ़ा मुनाफा फ़ायदा फायदा
हानि नुकसान नुक़सान घाटा
वस्तु चीज़ चीज
उपभोक्ता ग्राहक
कारखाना फ़ैक्टरी फैक्ट्री
जनसंख्या आबादी
नगर शहर
ग्राम गाँव गांव
विद्यालय स्कूल पाठशाला
पुस्तक किताब
प्रश्न सवाल
`;
