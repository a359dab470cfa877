// Data only: the Citizenship topic in Spanish and Haitian Creole, so `npm start` shows
// a whole topic (its modules and activities) in three languages. Keyed by the English titles the
// seed finds the documents by; the English stays in seed/content.ts.
import { md } from './content'

export type ActivityTranslation = { title: string; markdown?: string; links?: string[]; readings?: { text: string; files?: string[] }[] }
export type ModuleTranslation = { title: string; subtitle: string; markdown: string; activities: Record<string, ActivityTranslation> }
export type TopicTranslation = { title: string; markdown: string; modules: Record<string, ModuleTranslation> }

const es: TopicTranslation = {
  title: 'Ciudadanía',
  markdown: md`
    ## ¿Qué significa ser ciudadano?

    Un **ciudadano** es un miembro legal de una nación, que le debe lealtad y tiene derecho a su protección. En
    los Estados Unidos, la ciudadanía trae **derechos** que el gobierno protege, **deberes** que la ley exige y
    **responsabilidades** que los buenos ciudadanos deciden asumir.

    En este tema vas a:

    - aprender las maneras en que una persona llega a ser ciudadana de los EE. UU., incluida la **naturalización**
    - leer el **Juramento de Lealtad** que hacen los nuevos ciudadanos
    - distinguir entre los **deberes** y las **responsabilidades** de un ciudadano
    - descubrir cómo los jóvenes pueden participar en la vida cívica antes de tener edad para votar

    La ciudadanía no es solo una condición legal. También es algo que practicas todos los días en tu escuela y
    en tu comunidad.
  `,
  modules: {
    'Becoming a Citizen': {
      title: 'Cómo llegar a ser ciudadano',
      subtitle: 'Nacimiento, padres y naturalización',
      markdown: md`
        ## Tres caminos a la ciudadanía de los EE. UU.

        Hay tres maneras principales de llegar a ser ciudadano de los Estados Unidos:

        - **Derecho de suelo**: casi todas las personas que nacen en territorio de los EE. UU. son ciudadanas. La
          **Enmienda 14** dice que todas las personas "nacidas o naturalizadas en los Estados Unidos" son ciudadanas.
        - **Derecho de sangre**: un niño que nace en otro país normalmente puede ser ciudadano si su padre o su
          madre es ciudadano de los EE. UU.
        - **Naturalización**: un inmigrante que cumple ciertos requisitos puede solicitar la ciudadanía.

        Los ciudadanos naturalizados tienen los mismos derechos que los ciudadanos por nacimiento, con una
        excepción: solo un ciudadano **por nacimiento** puede llegar a ser Presidente. En este módulo vas a
        aprender sobre la naturalización y a leer el juramento que hacen los nuevos ciudadanos.
      `,
      activities: {
        'The Naturalization Process': {
          title: 'El proceso de naturalización',
          markdown: md`
            ## Pasos para la naturalización

            El **Servicio de Ciudadanía e Inmigración de los EE. UU. (USCIS)** se encarga de la naturalización. En
            general, la persona que lo solicita debe:

            1. tener por lo menos **18 años**
            2. ser **residente permanente legal** (tener "green card"), normalmente por **cinco años**, o tres años
               si está casada con un ciudadano de los EE. UU.
            3. demostrar **buen carácter moral**
            4. poder **leer, escribir y hablar inglés básico**
            5. aprobar un **examen de educación cívica** sobre la historia y el gobierno de los EE. UU.
            6. hacer el **Juramento de Lealtad** en una ceremonia de naturalización

            Las personas llenan una solicitud, van a una entrevista con un oficial de USCIS y toman los exámenes de
            inglés y de educación cívica durante la entrevista. Cuando hacen el juramento, ya son ciudadanas. Los
            menores de 18 años que son residentes permanentes muchas veces se hacen ciudadanos automáticamente
            cuando su padre o su madre se naturaliza.

            ### Inténtalo

            ¿Podrías aprobar el examen de educación cívica? Practica con los materiales oficiales de USCIS que están
            en los enlaces de este módulo.
          `,
        },
        'The Oath of Allegiance': {
          title: 'El Juramento de Lealtad',
          markdown: 'Los nuevos ciudadanos dicen estas palabras en su ceremonia de naturalización. ¿Qué promesas hacen?',
          readings: [{ text: 'Juramento de Lealtad de la naturalización a los Estados Unidos de América', files: ['Juramento de Lealtad (texto en inglés)'] }],
        },
        'Citizenship Resources': {
          title: 'Recursos sobre la ciudadanía',
          links: ['Centro de Recursos de Ciudadanía de USCIS', 'USA.gov: la guía oficial de información del gobierno'],
        },
      },
    },
    'Rights, Duties and Responsibilities': {
      title: 'Derechos, deberes y responsabilidades',
      subtitle: 'Lo que los ciudadanos deben hacer y lo que deberían hacer',
      markdown: md`
        ## ¿Es obligatorio o es lo correcto?

        Los ciudadanos tienen muchos **derechos**, como la libertad de expresión y un juicio justo. A cambio, una
        democracia que funciona necesita que los ciudadanos participen.

        - Un **deber** es algo que la ley **exige**. Si no lo cumples, te pueden sancionar.
        - Una **responsabilidad** es algo que **deberías** hacer. Es voluntaria, pero la democracia depende de ella.

        En este módulo vas a clasificar ejemplos de deberes y responsabilidades, y a descubrir maneras en que los
        estudiantes de escuela intermedia pueden ser ciudadanos activos desde ahora. También verás cómo los
        ciudadanos influyen en el gobierno por medio del voto, los partidos políticos y los grupos de interés.
      `,
      activities: {
        'Duties and Responsibilities': {
          title: 'Deberes y responsabilidades',
          markdown: md`
            ## Deberes: los exige la ley

            - **Obedecer las leyes** locales, estatales y nacionales
            - **Pagar impuestos**, que pagan las carreteras, las escuelas y la defensa
            - **Servir como jurado** cuando te llaman, y declarar en un tribunal si te citan
            - **Inscribirse en el Servicio Selectivo**: los hombres de 18 a 25 años deben inscribirse
            - **Defender a la nación** si se lo piden
            - **Ir a la escuela**: la Florida exige asistir a la escuela hasta los 16 años

            ## Responsabilidades: voluntarias pero importantes

            - **Votar** en las elecciones cuando cumplas 18 años
            - **Mantenerte informado** sobre los temas con fuentes de noticias confiables
            - **Respetar los derechos y la propiedad de los demás**, incluso de las personas con quienes no estás de acuerdo
            - **Hacer trabajo voluntario** y ayudar a tu comunidad
            - **Comunicarte con los funcionarios electos** sobre los temas que te importan

            ### Piénsalo

            ¿Por qué podría fracasar una democracia si los ciudadanos cumplieran sus deberes pero ignoraran sus
            responsabilidades?
          `,
        },
        'Participating in Civic Life': {
          title: 'Participar en la vida cívica',
          markdown: md`
            ## Hacer oír tu voz

            Los ciudadanos influyen en el gobierno de muchas maneras:

            - **El voto.** Los ciudadanos de 18 años o más pueden inscribirse y votar en elecciones locales,
              estatales y nacionales.
            - **Los partidos políticos.** Grupos como el Partido Demócrata y el Partido Republicano nominan
              candidatos y comparten ideas sobre el gobierno. También hay terceros partidos y candidatos
              independientes.
            - **Los grupos de interés.** Las organizaciones tratan de convencer a los funcionarios de que apoyen sus
              causas por medio del **cabildeo**, las peticiones y las campañas públicas.
            - **Los medios de comunicación.** Los periódicos, la televisión e internet informan a los ciudadanos y
              **vigilan** al gobierno. Los buenos ciudadanos revisan las fuentes y se fijan en el **sesgo** y la
              **propaganda**.

            ### ¿Qué puedes hacer ahora?

            No necesitas tener 18 años para participar. Puedes unirte al gobierno estudiantil, ir a una reunión de
            la ciudad o de la junta escolar, escribirle a tu representante, hacer trabajo voluntario con un grupo
            local o ayudar a tu familia a encontrar información confiable sobre una elección.
          `,
        },
      },
    },
  },
}

const ht: TopicTranslation = {
  title: 'Sitwayènte',
  markdown: md`
    ## Kisa sa vle di pou w se yon sitwayen?

    Yon **sitwayen** se yon manm legal nan yon nasyon, ki dwe l fidelite epi ki gen dwa pou l pwoteje l. Ozetazini,
    sitwayènte vini ak **dwa** gouvènman an pwoteje, **devwa** lalwa egzije, ak **responsablite** bon sitwayen
    yo chwazi pran.

    Nan sijè sa a, ou pral:

    - aprann ki jan yon moun vin sitwayen ameriken, tankou pa **natiralizasyon**
    - li **Sèman Fidelite** nouvo sitwayen yo fè a
    - fè diferans ant **devwa** ak **responsablite** yon sitwayen
    - dekouvri ki jan jèn moun ka patisipe nan lavi sivik anvan yo gen laj pou yo vote

    Sitwayènte se pa sèlman yon estati legal. Se yon bagay tou ou pratike chak jou nan lekòl ou ak nan kominote w.
  `,
  modules: {
    'Becoming a Citizen': {
      title: 'Kijan pou w vin sitwayen',
      subtitle: 'Nesans, paran ak natiralizasyon',
      markdown: md`
        ## Twa chemen pou vin sitwayen ameriken

        Gen twa prensipal fason pou yon moun vin sitwayen Etazini:

        - **Dwa tè a**: prèske tout moun ki fèt sou tè Etazini se sitwayen. **14yèm Amannman an** di tout moun
          "ki fèt oswa ki natiralize Ozetazini" se sitwayen.
        - **Dwa san an**: yon timoun ki fèt nan yon lòt peyi ka sitwayen anjeneral si papa l oswa manman l se
          sitwayen ameriken.
        - **Natiralizasyon**: yon imigran ki ranpli kèk kondisyon ka mande pou l vin sitwayen.

        Sitwayen natiralize yo gen menm dwa ak sitwayen ki fèt sitwayen, eksepte yon sèl bagay: se sèlman yon
        sitwayen **ki fèt sitwayen** ki ka vin Prezidan. Nan modil sa a, ou pral aprann sou natiralizasyon epi
        li sèman nouvo sitwayen yo fè a.
      `,
      activities: {
        'The Naturalization Process': {
          title: 'Pwosesis natiralizasyon an',
          markdown: md`
            ## Etap pou natiralizasyon

            **Sèvis Sitwayènte ak Imigrasyon Etazini (USCIS)** jere natiralizasyon. Anjeneral, moun ki fè demann
            lan dwe:

            1. gen omwen **18 an**
            2. se yon **rezidan pèmanan legal** (moun ki gen "green card"), anjeneral pandan **senk an**, oswa
               twa an si li marye ak yon sitwayen ameriken
            3. montre li gen **bon karaktè moral**
            4. kapab **li, ekri epi pale angle debaz**
            5. pase yon **egzamen sivik** sou istwa ak gouvènman Etazini
            6. fè **Sèman Fidelite** a nan yon seremoni natiralizasyon

            Moun yo ranpli yon demann, yo al nan yon entèvyou ak yon ofisye USCIS, epi yo pase egzamen angle ak
            egzamen sivik la pandan entèvyou a. Depi yo fè sèman an, yo se sitwayen. Timoun ki poko gen 18 an epi
            ki rezidan pèmanan souvan vin sitwayen otomatikman lè papa yo oswa manman yo natiralize.

            ### Eseye l

            Èske ou ta ka pase egzamen sivik la? Pratike ak materyèl ofisyèl USCIS ki nan lyen modil sa a.
          `,
        },
        'The Oath of Allegiance': {
          title: 'Sèman Fidelite a',
          markdown: 'Nouvo sitwayen yo di pawòl sa yo nan seremoni natiralizasyon yo. Ki pwomès yo fè?',
          readings: [{ text: 'Sèman Fidelite natiralizasyon an bay Etazini Damerik', files: ['Sèman Fidelite (tèks an angle)'] }],
        },
        'Citizenship Resources': {
          title: 'Resous sou sitwayènte',
          links: ['Sant Resous Sitwayènte USCIS', 'USA.gov: gid ofisyèl pou enfòmasyon gouvènman an'],
        },
      },
    },
    'Rights, Duties and Responsibilities': {
      title: 'Dwa, devwa ak responsablite',
      subtitle: 'Sa sitwayen yo oblije fè ak sa yo ta dwe fè',
      markdown: md`
        ## Oblije fè l oswa ta dwe fè l?

        Sitwayen yo gen anpil **dwa**, tankou libète pou yo pale ak yon jijman ki jis. An retou, yon demokrasi ki
        mache byen bezwen sitwayen yo patisipe.

        - Yon **devwa** se yon bagay lalwa **egzije**. Si ou pa fè l, ou ka jwenn yon sanksyon.
        - Yon **responsablite** se yon bagay ou **ta dwe** fè. Se volontè, men demokrasi a depann de li.

        Nan modil sa a, ou pral klase egzanp devwa ak responsablite, epi dekouvri kijan elèv lekòl mwayen ka
        deja sitwayen aktif kounye a. W ap gade tou kijan sitwayen yo enfliyanse gouvènman an lè yo vote, atravè
        pati politik ak gwoup enterè.
      `,
      activities: {
        'Duties and Responsibilities': {
          title: 'Devwa ak responsablite',
          markdown: md`
            ## Devwa: lalwa egzije yo

            - **Respekte lalwa** nan nivo lokal, eta ak nasyonal
            - **Peye taks**, ki peye pou wout, lekòl ak defans
            - **Sèvi nan yon jiri** lè yo rele w, epi temwaye nan tribinal si yo konvoke w
            - **Enskri nan Sèvis Selektif la**: gason ki gen 18 a 25 an dwe enskri
            - **Defann nasyon an** si yo mande w
            - **Ale lekòl**: Florid egzije pou timoun ale lekòl jiska 16 an

            ## Responsablite: volontè men enpòtan

            - **Vote** nan eleksyon yo lè ou gen 18 an
            - **Rete enfòme** sou sa k ap pase ak sous nouvèl ou ka fè konfyans
            - **Respekte dwa ak byen lòt moun**, menm moun ou pa dakò avèk yo
            - **Fè travay volontè** epi ede kominote w
            - **Kontakte ofisyèl eli yo** sou sijè ki enpòtan pou ou

            ### Reflechi sou sa

            Poukisa yon demokrasi ta ka echwe si sitwayen yo fè devwa yo men yo inyore responsablite yo?
          `,
        },
        'Participating in Civic Life': {
          title: 'Patisipe nan lavi sivik',
          markdown: md`
            ## Fè yo tande vwa w

            Sitwayen yo enfliyanse gouvènman an nan plizyè fason:

            - **Vòt.** Sitwayen ki gen 18 an oswa plis ka enskri epi vote nan eleksyon lokal, eta ak nasyonal.
            - **Pati politik.** Gwoup tankou Pati Demokrat ak Pati Repibliken chwazi kandida epi pataje lide sou
              gouvènman an. Gen twazyèm pati ak kandida endepandan ki prezante tou.
            - **Gwoup enterè.** Òganizasyon yo eseye konvenk ofisyèl yo pou yo sipòte kòz yo atravè **lobi**,
              petisyon ak kanpay piblik.
            - **Medya yo.** Jounal, televizyon ak entènèt enfòme sitwayen yo epi yo **veye** gouvènman an. Bon
              sitwayen tcheke sous yo epi yo fè atansyon ak **patipri** ak **pwopagann**.

            ### Kisa ou ka fè kounye a?

            Ou pa bezwen gen 18 an pou w patisipe. Ou ka antre nan gouvènman elèv yo, al nan yon reyinyon lavil la
            oswa konsèy lekòl la, ekri reprezantan w, fè travay volontè ak yon gwoup lokal, oswa ede fanmi w jwenn
            enfòmasyon ou ka fè konfyans sou yon eleksyon.
          `,
        },
      },
    },
  },
}

/** English topic title → its translations. */
export const topicTranslations: Record<string, { es: TopicTranslation; ht: TopicTranslation }> = {
  Citizenship: { es, ht },
}
