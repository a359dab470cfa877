// Seed content for Civics360: topics, modules and activities, static pages, news posts and schools.
// Data only. Reading files referenced below live in seed/files/.

type Width = 'full' | 'half' | 'third'

/** The benchmarks (SS.7.CG codes) a module or activity teaches, tagged as a teacher reading it would. */
type Tagged = { benchmarks?: string[] }

export type SeedActivity = Tagged &
  (
    | { title: string; type: 'default'; width: Width; markdown: string }
    | { title: string; type: 'links'; width: Width; markdown?: string; links: { text: string; path: string }[] }
    | {
        title: string
        type: 'readings'
        width: Width
        markdown?: string
        readings: { text: string; path?: string; files: { text: string; file: string }[] }[]
      }
    | { title: string; type: 'video'; width: Width; markdown?: string; video: string }
    | { title: string; type: 'storyline'; width: Width; markdown?: string; storyline: 'sample-quiz' }
  )

export type SeedModule = Tagged & {
  title: string
  subtitle: string
  markdown: string
  thumbnail: { color: string; label: string }
  activities: SeedActivity[]
}

export type SeedTopic = { title: string; markdown: string; thumbnail: { color: string; label: string }; modules: SeedModule[] }
export type SeedPage = { slug: string; title: string; markdown: string }
export type SeedPost = { title: string; markdown: string }

/** Removes the common leading indentation of a template literal and trims it, so Markdown can be indented in source. */
export function md(strings: TemplateStringsArray, ...values: string[]): string {
  const raw = strings.reduce((text, part, index) => text + part + (index < values.length ? values[index] : ''), '')
  const lines = raw.replace(/^\n/, '').replace(/\s+$/, '').split('\n')
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)?.[0].length ?? 0)
  const indent = indents.length > 0 ? Math.min(...indents) : 0
  return lines.map((line) => line.slice(indent)).join('\n')
}

/** Builds the privacy-enhanced YouTube embed used by video activities. */
function youtube(id: string, title: string): string {
  return `<iframe src="https://www.youtube-nocookie.com/embed/${id}" title="${title}" width="560" height="315" allowfullscreen></iframe>`
}

// ---------------------------------------------------------------------------
// Topic 1: Foundations of Government
// ---------------------------------------------------------------------------

const foundations: SeedTopic = {
  title: 'Foundations of Government',
  thumbnail: { color: '#1F3A5F', label: 'Foundations' },
  markdown: md`
    ## Where did American government come from?

    The men and women who founded the United States did not invent their ideas from nothing. They borrowed from
    **English law**, from the writers of the **Enlightenment**, and from more than 150 years of colonial
    self-government.

    In this topic you will:

    - meet the thinkers whose ideas about **natural rights** and the **social contract** shaped the Founders
    - read the **Magna Carta**, the **English Bill of Rights** and the **Mayflower Compact** as early steps toward limited government
    - see why the colonists declared independence in 1776
    - learn why the first plan of government, the **Articles of Confederation**, was replaced by the Constitution

    Keep a list of key terms as you go. Many of them appear again in _The Constitution_ topic and on the Florida
    Civics End-of-Course (EOC) assessment.
  `,
  modules: [
    {
      title: 'Roots of American Government',
      benchmarks: ['SS.7.CG.1.3', 'SS.7.CG.1.4'],
      subtitle: 'Enlightenment ideas and English traditions',
      thumbnail: { color: '#2B4C7E', label: 'Roots' },
      markdown: md`
        ## Big ideas before 1776

        Long before the Declaration of Independence, people in England and Europe were arguing about a simple
        question: **where does a government's power come from, and what limits it?**

        Two sources shaped the answer the American Founders gave:

        - **English tradition** — documents such as the Magna Carta (1215) and the English Bill of Rights (1689)
          showed that even a monarch must obey the law.
        - **Enlightenment philosophy** — writers such as John Locke and Baron de Montesquieu used reason to explain
          natural rights, consent of the governed and the separation of powers.

        As you work through the activities, ask yourself: _which of these ideas can I find in our government today?_
      `,
      activities: [
        {
          title: 'Enlightenment Thinkers',
          benchmarks: ['SS.7.CG.1.4'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Ideas that changed government

            The **Enlightenment** was a movement of the 1600s and 1700s in which writers used reason to question
            old ideas, including the belief that kings ruled by the will of God.

            - **Thomas Hobbes** (_Leviathan_, 1651) argued that without government, life would be "nasty, brutish,
              and short." People agree to a **social contract**, giving up some freedom to a ruler in exchange for
              order and safety.
            - **John Locke** (_Two Treatises of Government_, 1689) taught that everyone has **natural rights** to
              life, liberty and property. Government exists to protect those rights and rules by the **consent of
              the governed**. If it fails, the people may change it.
            - **Baron de Montesquieu** (_The Spirit of the Laws_, 1748) argued that power should be divided among
              separate branches so that no one person or group could become a tyrant — the **separation of powers**.
            - **Jean-Jacques Rousseau** (_The Social Contract_, 1762) wrote that legitimate power comes from the
              people as a whole, an idea called **popular sovereignty**.

            ### Check your understanding

            Which thinker's ideas do you hear in the Declaration of Independence's phrase "consent of the governed"?
          `,
        },
        {
          title: 'Magna Carta and the English Bill of Rights',
          benchmarks: ['SS.7.CG.1.3'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Limiting the power of rulers

            In **1215**, English barons forced **King John** to accept the **Magna Carta** ("Great Charter") at
            Runnymede. For the first time, a written document said that the king was **not above the law**. It
            promised that free men could not be imprisoned or punished except by the lawful judgment of their peers
            or the law of the land — an early form of **due process** and the **rule of law**.

            Almost 500 years later, after the Glorious Revolution, Parliament passed the **English Bill of Rights
            (1689)**, which King William and Queen Mary accepted. It:

            - required Parliament's consent for taxes
            - protected the right to **petition** the monarch
            - called for free elections of members of Parliament
            - banned **excessive bail** and **cruel and unusual punishments**

            Colonists saw themselves as English subjects who deserved these same rights. When they believed
            Parliament ignored them, they protested. Look for these ideas again in the U.S. Bill of Rights,
            especially the First and Eighth Amendments.
          `,
        },
        {
          title: 'Primary Sources at the National Archives',
          type: 'links',
          width: 'full',
          markdown: 'Explore original documents and transcripts from trusted government sources.',
          links: [
            { text: 'Magna Carta and Its American Legacy (National Archives)', path: 'https://www.archives.gov/exhibits/featured-documents/magna-carta' },
            { text: 'America’s Founding Documents', path: 'https://www.archives.gov/founding-docs' },
            { text: 'Library of Congress', path: 'https://www.loc.gov/' },
          ],
        },
      ],
    },
    {
      title: 'From Colonies to Independence',
      benchmarks: ['SS.7.CG.1.5', 'SS.7.CG.1.6'],
      subtitle: 'Self-government and the Declaration of Independence',
      thumbnail: { color: '#3A3F7A', label: 'Independence' },
      markdown: md`
        ## Practising self-government

        The English colonies in North America governed themselves in many ways long before independence. In
        **1619**, Virginia's **House of Burgesses** became the first elected representative assembly in the
        colonies. In **1620**, the Pilgrims signed the **Mayflower Compact**, agreeing to make and obey "just and
        equal laws" for the good of their colony.

        After the French and Indian War, Parliament passed new taxes such as the **Stamp Act (1765)**. Colonists
        protested "**no taxation without representation**." Conflict grew until fighting began in 1775, and on
        **July 4, 1776**, the Second Continental Congress adopted the **Declaration of Independence**.

        In this module you will read two founding documents in their own words.
      `,
      activities: [
        {
          title: 'Founding Documents Reading',
          type: 'readings',
          width: 'half',
          markdown: 'Read each document slowly. Underline words you do not know and look them up.',
          readings: [
            {
              text: 'The Mayflower Compact (1620)',
              files: [{ text: 'Mayflower Compact (text)', file: 'mayflower-compact.txt' }],
            },
            {
              text: 'The Declaration of Independence (1776), second paragraph',
              path: 'https://www.archives.gov/founding-docs/declaration-transcript',
              files: [{ text: 'Declaration excerpt (text)', file: 'declaration-excerpt.txt' }],
            },
          ],
        },
        {
          title: 'Understanding the Declaration of Independence',
          benchmarks: ['SS.7.CG.1.6'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Four parts, one big idea

            **Thomas Jefferson** wrote the first draft of the Declaration, with help from a committee that included
            John Adams and Benjamin Franklin. It has four parts:

            1. **Preamble** — explains why the colonists are writing.
            2. **Statement of rights** — "all men are created equal" and have **unalienable rights** to "Life,
               Liberty and the pursuit of Happiness." Governments get their "just powers from the consent of the
               governed."
            3. **List of grievances** — complaints against King George III, such as "imposing Taxes on us without
               our Consent" and "depriving us in many cases, of the benefits of Trial by Jury."
            4. **Resolution of independence** — the colonies "are, and of Right ought to be Free and Independent
               States."

            Notice how closely part 2 follows **John Locke**: people have natural rights, government exists to
            protect them, and when it destroys them, the people may "alter or abolish" it.

            ### Think about it

            The Declaration said "all men are created equal," yet slavery was legal and women could not vote.
            How have Americans used these words since 1776 to demand equal rights?
          `,
        },
        {
          title: 'Explore the Declaration',
          type: 'links',
          width: 'third',
          links: [
            { text: 'Declaration of Independence: A Transcription', path: 'https://www.archives.gov/founding-docs/declaration-transcript' },
            { text: 'The Declaration of Independence: history and images', path: 'https://www.archives.gov/founding-docs/declaration' },
          ],
        },
      ],
    },
    {
      title: 'The Articles of Confederation',
      benchmarks: ['SS.7.CG.1.7', 'SS.7.CG.1.10'],
      subtitle: 'America’s first plan of government',
      thumbnail: { color: '#5B2C6F', label: 'Articles' },
      markdown: md`
        ## A "firm league of friendship"

        During the Revolutionary War, the states needed a way to work together. The Second Continental Congress
        wrote the **Articles of Confederation** in **1777**, and all thirteen states had ratified them by **1781**.

        Americans had just fought a war against a powerful king, so they created a **weak national government** on
        purpose. The states kept most of the power.

        The Articles had real successes: the government won the war, signed the **Treaty of Paris (1783)**, and
        passed the **Northwest Ordinance (1787)**, which set up a fair way for new states to join the Union. But its
        weaknesses soon caused serious problems, and in 1787 delegates met in Philadelphia to fix them.
      `,
      activities: [
        {
          title: 'Weaknesses of the Articles',
          benchmarks: ['SS.7.CG.1.7'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Why the Articles did not work

            Under the Articles, there was a one-house **Congress** and nothing else — **no president** to carry out
            laws and **no national courts** to settle disputes. Each state had **one vote**, no matter its size.

            Key weaknesses:

            - **No power to tax.** Congress could only _ask_ states for money, and they often refused.
            - **No power to regulate trade** between states, so states taxed one another's goods.
            - **No national army.** Congress had to ask states for soldiers.
            - **Laws needed 9 of 13 states** to pass.
            - **Amendments needed all 13 states** — so the Articles could almost never be changed.
            - States and Congress both printed money, making it nearly worthless.

            In **1786–1787**, farmers in western Massachusetts led by **Daniel Shays** rebelled over debts and taxes.
            The national government had no army to respond. **Shays' Rebellion** convinced many leaders that the
            country needed a stronger central government.
          `,
        },
        {
          title: 'The Constitutional Convention',
          type: 'default',
          width: 'half',
          markdown: md`
            ## Philadelphia, summer 1787

            From May to September 1787, **55 delegates** met in Philadelphia. **George Washington** presided, and
            **James Madison** took careful notes and shaped so many ideas that he is called the "Father of the
            Constitution." Instead of repairing the Articles, the delegates wrote a new plan.

            ### Compromises that made it work

            - **Great Compromise** (Connecticut Compromise) — large states wanted representation by population
              (Virginia Plan); small states wanted equal votes (New Jersey Plan). The answer: a **House of
              Representatives** based on population and a **Senate** with two senators per state.
            - **Three-Fifths Compromise** — for representation and taxes, three-fifths of enslaved people were
              counted. It was a compromise over slavery that was later made obsolete by the 13th and 14th Amendments.

            The Constitution was signed on **September 17, 1787**. **Federalists** argued for ratification in _The
            Federalist Papers_; **Anti-Federalists** demanded a bill of rights. The Constitution was ratified in 1788,
            and the new government began in 1789.
          `,
        },
      ],
    },
  ],
}

// ---------------------------------------------------------------------------
// Topic 2: The Constitution
// ---------------------------------------------------------------------------

const constitution: SeedTopic = {
  title: 'The Constitution',
  thumbnail: { color: '#7A1F2B', label: 'Constitution' },
  markdown: md`
    ## The supreme law of the land

    The **U.S. Constitution** is the oldest written national constitution still in use. It begins with the
    **Preamble**, has **seven articles** that set up the government, and has been changed by **27 amendments**.

    The Constitution does three big jobs:

    - it **creates** three branches of government and tells each what it may do
    - it **limits** government so that no person or group becomes too powerful
    - it **protects** the rights of individuals, especially through the **Bill of Rights**

    In this topic you will study the principles behind the Constitution, the three branches and the amendments.
    Read the full text any time at the
    [National Archives](https://www.archives.gov/founding-docs/constitution-transcript).
  `,
  modules: [
    {
      title: 'Principles of the Constitution',
      benchmarks: ['SS.7.CG.1.8', 'SS.7.CG.1.9', 'SS.7.CG.3.2'],
      subtitle: 'Popular sovereignty, separation of powers, checks and balances, federalism',
      thumbnail: { color: '#8C2D19', label: 'Principles' },
      markdown: md`
        ## The ideas holding it together

        The Framers built the Constitution on a few key principles:

        - **Popular sovereignty** — the people are the source of government's power ("We the People").
        - **Rule of law** — everyone, including leaders, must obey the law.
        - **Limited government** — government may do only what the people allow it to do.
        - **Separation of powers** — lawmaking, carrying out laws and judging are split among three branches.
        - **Checks and balances** — each branch can limit the others.
        - **Federalism** — power is shared between the national government and the states.
        - **Individual rights** — certain freedoms are protected from government interference.

        Start by reading the Preamble, then explore each principle.
      `,
      activities: [
        {
          title: 'The Preamble',
          benchmarks: ['SS.7.CG.1.8'],
          type: 'readings',
          width: 'third',
          markdown: 'The Preamble lists **six goals** of the Constitution. Can you find all six?',
          readings: [
            {
              text: 'Preamble to the U.S. Constitution',
              path: 'https://www.archives.gov/founding-docs/constitution-transcript',
              files: [{ text: 'Preamble (text)', file: 'preamble.txt' }],
            },
          ],
        },
        {
          title: 'Separation of Powers and Checks and Balances',
          benchmarks: ['SS.7.CG.1.9'],
          type: 'default',
          width: 'full',
          markdown: md`
            ## Dividing and balancing power

            Following **Montesquieu**, the Framers divided power among three branches:

            - **Legislative branch** (Congress, Article I) — **makes** laws
            - **Executive branch** (the President, Article II) — **carries out** laws
            - **Judicial branch** (the courts, Article III) — **interprets** laws

            Dividing power was not enough, so they added **checks and balances**:

            - The **President** can **veto** a bill passed by Congress.
            - **Congress** can **override** a veto with a **two-thirds vote** in both houses.
            - The **Senate** approves the President's appointments, such as federal judges, and approves treaties
              (two-thirds vote).
            - The **House** can **impeach** (formally accuse) a federal official, and the **Senate** holds the trial.
            - The **courts** can declare laws or actions **unconstitutional** — the power of **judicial review**,
              established in _Marbury v. Madison_ (1803).
            - The President **nominates** federal judges, who must be confirmed by the Senate.

            ### Why it matters

            Because each branch can limit the others, no single branch can abuse its power without being stopped.
          `,
        },
        {
          title: 'Federalism: Sharing Power',
          benchmarks: ['SS.7.CG.3.2'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Two levels of government

            **Federalism** means that power is divided between the **national (federal) government** and the
            **state governments**. You live under both at the same time.

            - **Delegated (enumerated) powers** belong to the national government, such as printing money, declaring
              war, making treaties and regulating trade between states.
            - **Reserved powers** belong to the states. The **Tenth Amendment** says powers not given to the national
              government are reserved to the states or the people — for example, setting up public schools, running
              elections and issuing driver's licenses.
            - **Concurrent powers** are shared by both, such as collecting taxes, borrowing money, making and
              enforcing laws and setting up courts.

            What happens if a state law conflicts with a federal law? Article VI's **Supremacy Clause** says the
            Constitution and federal laws made under it are "the supreme Law of the Land."
          `,
        },
        {
          title: 'Video: Separation of Powers and Checks and Balances',
          type: 'video',
          width: 'half',
          markdown: 'Watch the video, then list two checks that each branch has on the others.',
          video: youtube('0bf3CwYCxXw', 'Separation of Powers and Checks and Balances'),
        },
      ],
    },
    {
      title: 'The Three Branches',
      benchmarks: ['SS.7.CG.3.3', 'SS.7.CG.3.7', 'SS.7.CG.3.8', 'SS.7.CG.3.9'],
      subtitle: 'Congress, the President and the courts',
      thumbnail: { color: '#6B2D5C', label: 'Branches' },
      markdown: md`
        ## Who does what?

        The first three articles of the Constitution each create one branch of the national government.

        - **Article I** creates **Congress**, the legislative branch.
        - **Article II** creates the **executive branch**, led by the President.
        - **Article III** creates the **judicial branch**, headed by the Supreme Court.

        In this module you will compare how members of each branch are chosen, how long they serve and what powers
        they have. You will also follow a bill on its path to becoming a law, then visit the official websites
        where you can watch each branch at work today.
      `,
      activities: [
        {
          title: 'Comparing the Branches',
          type: 'default',
          width: 'full',
          markdown: md`
            ## Legislative branch — Congress

            Congress is **bicameral** (two houses). The **House of Representatives** has **435** members, with
            seats divided among the states by population; they serve **two-year** terms. The **Senate** has **100**
            members, two per state, serving **six-year** terms. Congress makes laws, collects taxes, declares war and
            approves the federal budget.

            ## Executive branch — the President

            The **President** serves a **four-year** term and may be elected only twice (**22nd Amendment**). A
            President must be at least **35 years old**, a **natural-born citizen** and a U.S. resident for
            **14 years**. The President enforces laws, commands the armed forces, makes treaties and leads the
            Cabinet departments with help from the **Vice President**.

            ## Judicial branch — the courts

            The **Supreme Court** has **nine justices** who are nominated by the President, confirmed by the
            Senate and serve "during good Behaviour" — in practice, for life. Federal courts decide cases about the
            Constitution and federal laws.

            ### How a bill becomes a law

            A bill is introduced, studied in committee, and must pass **both houses** in the same form. The President
            then signs it or vetoes it.
          `,
        },
        {
          title: 'Video: How a Bill Becomes a Law',
          type: 'video',
          width: 'half',
          markdown: 'Pause the video at each step and write it down in your notes.',
          video: youtube('66f4-NKEYz4', 'How a Bill Becomes a Law'),
        },
        {
          title: 'Visit the Three Branches',
          type: 'links',
          width: 'half',
          markdown: 'Official websites where you can follow each branch of the federal government.',
          links: [
            { text: 'Congress.gov — bills and laws', path: 'https://www.congress.gov/' },
            { text: 'The White House', path: 'https://www.whitehouse.gov/' },
            { text: 'Supreme Court of the United States', path: 'https://www.supremecourt.gov/' },
            { text: 'Oyez — Supreme Court cases explained', path: 'https://www.oyez.org/' },
          ],
        },
      ],
    },
    {
      title: 'The Bill of Rights and Amendments',
      benchmarks: ['SS.7.CG.2.3', 'SS.7.CG.2.4', 'SS.7.CG.3.5', 'SS.7.CG.3.6'],
      subtitle: 'Protecting freedoms and changing the Constitution',
      thumbnail: { color: '#8B1E3F', label: 'Bill of Rights' },
      markdown: md`
        ## Adding rights to the Constitution

        Many Anti-Federalists refused to support the Constitution unless it listed the people's rights. James
        Madison wrote the amendments that became the **Bill of Rights**, the first ten amendments, ratified on
        **December 15, 1791**.

        The Framers also made the Constitution possible to change. An amendment must be **proposed** by a
        two-thirds vote of both houses of Congress (or by a national convention called by two-thirds of the states)
        and **ratified** by **three-fourths** of the states. Since 1789, only **27** amendments have succeeded.

        Read the Bill of Rights, learn about later amendments, and then test yourself with the quiz.
      `,
      activities: [
        {
          title: 'Read the Bill of Rights',
          type: 'readings',
          width: 'third',
          markdown: 'The full official text of the first ten amendments.',
          readings: [
            {
              text: 'The Bill of Rights (1791)',
              path: 'https://www.archives.gov/founding-docs/bill-of-rights-transcript',
              files: [{ text: 'Bill of Rights (text)', file: 'bill-of-rights.txt' }],
            },
          ],
        },
        {
          title: 'Your Rights in the First Ten Amendments',
          benchmarks: ['SS.7.CG.2.3'],
          type: 'default',
          width: 'third',
          markdown: md`
            ## The Bill of Rights at a glance

            - **1st** — freedom of **religion**, **speech**, the **press**, **assembly** and **petition**
            - **2nd** — right to keep and bear arms
            - **3rd** — no forced **quartering** of soldiers in homes
            - **4th** — protection from **unreasonable searches and seizures**; warrants need **probable cause**
            - **5th** — rights of the accused: grand jury, no **double jeopardy**, no forced **self-incrimination**,
              **due process**, and just compensation when private property is taken for public use
            - **6th** — right to a **speedy and public trial**, an impartial jury and a **lawyer**
            - **7th** — jury trials in many civil cases
            - **8th** — no **excessive bail** or fines and no **cruel and unusual punishment**
            - **9th** — people have rights beyond those listed
            - **10th** — powers not given to the national government are **reserved to the states** or the people

            ### Rights have limits

            Rights are not unlimited. For example, the First Amendment does not protect speech that threatens
            violence. Courts balance individual rights against the rights of others and public safety.
          `,
        },
        {
          title: 'Later Amendments',
          benchmarks: ['SS.7.CG.3.6'],
          type: 'default',
          width: 'third',
          markdown: md`
            ## Expanding rights over time

            Several later amendments expanded freedom and the right to vote:

            - **13th (1865)** — abolished slavery.
            - **14th (1868)** — made everyone born or naturalized in the United States a citizen and promised
              **equal protection of the laws** and **due process** from state governments.
            - **15th (1870)** — the right to vote cannot be denied because of race or color.
            - **17th (1913)** — voters elect U.S. senators directly.
            - **19th (1920)** — the right to vote cannot be denied because of sex, giving women the vote nationwide.
            - **24th (1964)** — banned **poll taxes** in federal elections.
            - **26th (1971)** — lowered the voting age to **18**.

            Even with these amendments, Americans had to keep working for equal rights. Laws such as the **Voting
            Rights Act of 1965** and court decisions like _Brown v. Board of Education_ (1954) helped turn the
            promises of the 14th and 15th Amendments into reality.
          `,
        },
        {
          title: 'Bill of Rights Quiz',
          type: 'storyline',
          width: 'full',
          markdown: 'Test what you know about the first ten amendments. You can retake the quiz as many times as you like.',
          storyline: 'sample-quiz',
        },
      ],
    },
  ],
}

// ---------------------------------------------------------------------------
// Topic 3: Citizenship
// ---------------------------------------------------------------------------

const citizenship: SeedTopic = {
  title: 'Citizenship',
  thumbnail: { color: '#1E5631', label: 'Citizenship' },
  markdown: md`
    ## What does it mean to be a citizen?

    A **citizen** is a legal member of a nation who owes it loyalty and is entitled to its protection. In the
    United States, citizenship comes with **rights** that the government protects, **duties** that the law
    requires and **responsibilities** that good citizens choose to take on.

    In this topic you will:

    - learn the ways a person becomes a U.S. citizen, including **naturalization**
    - read the **Oath of Allegiance** that new citizens take
    - tell the difference between a citizen's **duties** and **responsibilities**
    - explore how young people can take part in civic life before they are old enough to vote

    Citizenship is not only a legal status. It is also something you practise every day in your school and
    community.
  `,
  modules: [
    {
      title: 'Becoming a Citizen',
      benchmarks: ['SS.7.CG.2.1'],
      subtitle: 'Birth, parentage and naturalization',
      thumbnail: { color: '#1B5E4A', label: 'Naturalization' },
      markdown: md`
        ## Three paths to U.S. citizenship

        There are three main ways to become a citizen of the United States:

        - **Law of soil** — almost everyone born on U.S. soil is a citizen. The **14th Amendment** says all
          persons "born or naturalized in the United States" are citizens.
        - **Law of blood** — a child born in another country can usually be a citizen if a parent is a U.S. citizen.
        - **Naturalization** — an immigrant who meets certain requirements can apply to become a citizen.

        Naturalized citizens have the same rights as citizens by birth, with one exception: only a
        **natural-born** citizen may become President. In this module you will learn about naturalization and
        read the oath that new citizens take.
      `,
      activities: [
        {
          title: 'The Naturalization Process',
          benchmarks: ['SS.7.CG.2.1'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Steps to naturalization

            **U.S. Citizenship and Immigration Services (USCIS)** manages naturalization. In general, an applicant
            must:

            1. be at least **18 years old**
            2. be a **lawful permanent resident** (a "green card" holder), usually for **five years** — or three
               years if married to a U.S. citizen
            3. show **good moral character**
            4. be able to **read, write and speak basic English**
            5. pass a **civics test** about U.S. history and government
            6. take the **Oath of Allegiance** at a naturalization ceremony

            Applicants fill out an application, attend an interview with a USCIS officer, and take the English and
            civics tests during the interview. Once they take the oath, they are citizens. Children under 18 who are
            permanent residents often become citizens automatically when a parent naturalizes.

            ### Try it

            Could you pass the civics test? Practise with the official USCIS study materials linked in this module.
          `,
        },
        {
          title: 'The Oath of Allegiance',
          type: 'readings',
          width: 'half',
          markdown: 'New citizens say these words at their naturalization ceremony. What promises do they make?',
          readings: [
            {
              text: 'Naturalization Oath of Allegiance to the United States of America',
              path: 'https://www.uscis.gov/citizenship',
              files: [{ text: 'Oath of Allegiance (text)', file: 'oath-of-allegiance.txt' }],
            },
          ],
        },
        {
          title: 'Citizenship Resources',
          type: 'links',
          width: 'full',
          links: [
            { text: 'USCIS Citizenship Resource Center', path: 'https://www.uscis.gov/citizenship' },
            { text: 'USA.gov — official guide to government information', path: 'https://www.usa.gov/' },
          ],
        },
      ],
    },
    {
      title: 'Rights, Duties and Responsibilities',
      benchmarks: ['SS.7.CG.2.2'],
      subtitle: 'What citizens must do and what they should do',
      thumbnail: { color: '#2E5E2E', label: 'Civic Duty' },
      markdown: md`
        ## Must do or should do?

        Citizens enjoy many **rights**, such as freedom of speech and a fair trial. In return, a working democracy
        needs citizens to take part.

        - A **duty** is something the law **requires**. If you do not do it, you can face a penalty.
        - A **responsibility** is something you **should** do. It is voluntary, but democracy depends on it.

        In this module you will sort examples of duties and responsibilities and discover ways that middle school
        students can be active citizens right now. You will also look at how citizens influence government through
        voting, political parties and interest groups.
      `,
      activities: [
        {
          title: 'Duties and Responsibilities',
          benchmarks: ['SS.7.CG.2.2'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Duties — required by law

            - **Obey laws** at the local, state and national level
            - **Pay taxes**, which fund roads, schools and defense
            - **Serve on a jury** when called, and testify in court if summoned
            - **Register with the Selective Service** — men aged 18 to 25 must register
            - **Defend the nation** if called upon
            - **Attend school** — Florida requires school attendance until age 16

            ## Responsibilities — voluntary but important

            - **Vote** in elections once you are 18
            - **Stay informed** about issues using reliable news sources
            - **Respect the rights and property of others**, including people you disagree with
            - **Volunteer** and help your community
            - **Contact elected officials** about issues you care about

            ### Think about it

            Why might a democracy fail if citizens met their duties but ignored their responsibilities?
          `,
        },
        {
          title: 'Participating in Civic Life',
          type: 'default',
          width: 'half',
          markdown: md`
            ## Making your voice heard

            Citizens influence government in many ways:

            - **Voting.** Citizens aged 18 or older can register and vote in local, state and national elections.
            - **Political parties.** Groups such as the Democratic and Republican parties nominate candidates and
              share ideas about government. Third parties and independent candidates also run for office.
            - **Interest groups.** Organizations try to persuade officials to support their causes through
              **lobbying**, petitions and public campaigns.
            - **The media.** Newspapers, television and the internet inform citizens and act as a **watchdog** on
              government. Good citizens check sources and watch for **bias** and **propaganda**.

            ### What can you do now?

            You do not have to be 18 to participate. You can join student government, attend a city or school
            board meeting, write to your representative, volunteer with a local group or help family members find
            reliable information about an election.
          `,
        },
      ],
    },
  ],
}

// ---------------------------------------------------------------------------
// Topic 4: Government in Florida
// ---------------------------------------------------------------------------

const florida: SeedTopic = {
  title: 'Government in Florida',
  thumbnail: { color: '#8A4B08', label: 'Florida' },
  markdown: md`
    ## Government close to home

    Many of the decisions that affect your daily life — your school, your roads, your parks and your local laws
    — are made by **state and local governments**, not by the national government in Washington, D.C.

    Florida has its own **constitution**, its own **three branches of government** in the capital city of
    **Tallahassee**, and many local governments: **67 counties**, hundreds of **cities, towns and villages**, and
    a **school board** in every county.

    In this topic you will:

    - read part of the **Florida Constitution** and learn how it can be amended
    - compare Florida's three branches with the national branches
    - find out which local government provides which services

    Florida's government follows the same principles as the U.S. Constitution, including **separation of
    powers** and **checks and balances**.
  `,
  modules: [
    {
      title: 'The Florida Constitution',
      benchmarks: ['SS.7.CG.3.12'],
      subtitle: 'Florida’s plan of government',
      thumbnail: { color: '#7B3F00', label: 'FL Constitution' },
      markdown: md`
        ## A state constitution

        Like every state, Florida has a written constitution. The current **Florida Constitution** was approved by
        voters in **1968**. Florida has had six constitutions: 1838 (which took effect when Florida became a state in
        **1845**), 1861, 1865, 1868, 1885 and 1968.

        Florida's constitution is longer and more detailed than the U.S. Constitution and is amended much more
        often. Its first article is a **Declaration of Rights**, which protects many of the same freedoms as the
        U.S. Bill of Rights — and some more, such as an explicit **right of privacy**.
      `,
      activities: [
        {
          title: 'Amending the Florida Constitution',
          benchmarks: ['SS.7.CG.3.12'],
          type: 'default',
          width: 'half',
          markdown: md`
            ## Five ways to propose a change

            Article XI of the Florida Constitution allows amendments to be proposed by:

            1. **The Legislature** — a joint resolution approved by **three-fifths** of each house.
            2. **Citizen initiative** — citizens gather enough voter signatures on a petition to place an amendment
               on the ballot.
            3. **The Constitution Revision Commission** — a commission that meets every 20 years to review the
               whole constitution.
            4. **The Taxation and Budget Reform Commission** — a commission that reviews the state's taxes and budget.
            5. **A constitutional convention** — called by the people through an initiative petition.

            However an amendment is proposed, **Florida voters have the final say**. An amendment becomes part of the
            constitution only if at least **60 percent** of voters approve it in an election.

            ### Compare

            The U.S. Constitution is ratified by three-fourths of the states. How is Florida's process different?
            Which process gives individual voters more direct power?
          `,
        },
        {
          title: 'Preamble to the Florida Constitution',
          type: 'readings',
          width: 'half',
          markdown: 'Compare the Florida Preamble with the Preamble to the U.S. Constitution. What goals do they share?',
          readings: [
            {
              text: 'Constitution of the State of Florida',
              path: 'https://www.flsenate.gov/Laws/Constitution',
              files: [{ text: 'Florida Constitution Preamble (text)', file: 'florida-constitution-preamble.txt' }],
            },
            {
              text: 'Preamble to the U.S. Constitution (for comparison)',
              files: [{ text: 'U.S. Preamble (text)', file: 'preamble.txt' }],
            },
          ],
        },
      ],
    },
    {
      title: 'Florida’s Three Branches',
      benchmarks: ['SS.7.CG.3.12'],
      subtitle: 'The Legislature, the Governor and the courts',
      thumbnail: { color: '#0B5563', label: 'FL Branches' },
      markdown: md`
        ## Separation of powers in Tallahassee

        Florida's constitution divides state power among three branches, just as the U.S. Constitution does:

        - the **legislative branch** — the Florida Legislature — makes state laws
        - the **executive branch** — led by the Governor — carries out state laws
        - the **judicial branch** — led by the Florida Supreme Court — interprets state laws

        The branches check one another. For example, the Governor can **veto** a bill, and the Legislature can
        **override** the veto with a two-thirds vote of each house. In this module you will compare Florida's
        branches with the national ones.
      `,
      activities: [
        {
          title: 'How Florida’s Government Is Organized',
          type: 'default',
          width: 'full',
          markdown: md`
            ## Legislative branch

            The **Florida Legislature** has two houses. The **Senate** has **40** members who serve four-year terms,
            and the **House of Representatives** has **120** members who serve two-year terms. Legislators are
            limited to **eight consecutive years** in the same chamber. The Legislature passes laws and the state
            budget during its annual **60-day regular session**.

            ## Executive branch

            The **Governor** serves a four-year term and may serve no more than **two consecutive terms**. The
            Governor signs or vetoes bills, appoints many officials and prepares a budget recommendation. The
            **Lieutenant Governor** is elected on the same ticket. Three elected **Cabinet** members share some
            executive duties: the **Attorney General**, the **Chief Financial Officer** and the **Commissioner of
            Agriculture**.

            ## Judicial branch

            The **Florida Supreme Court** has **seven justices**. Below it are the **district courts of appeal**,
            **circuit courts** (20 judicial circuits) and **county courts** in each of the 67 counties. Supreme Court
            justices are appointed by the Governor from a list made by a nominating commission, and voters then
            decide in **merit retention** elections whether they stay in office.
          `,
        },
        {
          title: 'Florida Government Online',
          type: 'links',
          width: 'half',
          markdown: 'Explore the official websites of Florida’s state government.',
          links: [
            { text: 'The Florida Senate', path: 'https://www.flsenate.gov/' },
            { text: 'Florida House of Representatives', path: 'https://www.myfloridahouse.gov/' },
            { text: 'Florida Supreme Court', path: 'https://www.floridasupremecourt.org/' },
            { text: 'MyFlorida.com — State of Florida', path: 'https://www.myflorida.com/' },
          ],
        },
      ],
    },
    {
      title: 'Local Government in Florida',
      benchmarks: ['SS.7.CG.3.13'],
      subtitle: 'Counties, municipalities and school boards',
      thumbnail: { color: '#7A3E1D', label: 'Local' },
      markdown: md`
        ## The government you see every day

        **Local governments** provide many of the services you use every day: police and fire protection, parks,
        libraries, trash collection, water and, of course, public schools.

        In Florida, the main kinds of local government are:

        - **counties** — Florida has 67
        - **municipalities** — cities, towns and villages
        - **school districts** — one for each county, run by an elected school board
        - **special districts** — for example, for water management or mosquito control

        The Florida Constitution's **Article VIII** sets up counties and municipalities, and **Article IX**
        covers school boards. In this module you will find out who provides which services where you live.
      `,
      activities: [
        {
          title: 'Counties, Cities and School Boards',
          type: 'default',
          width: 'half',
          markdown: md`
            ## Counties

            Each of Florida's **67 counties** is governed by an elected **board of county commissioners**, which
            passes local laws called **ordinances** and sets the county budget. Counties also elect
            **constitutional officers**, including the **sheriff**, **property appraiser**, **tax collector**,
            **supervisor of elections** and **clerk of the circuit court**. Some counties have adopted a **charter**,
            which gives them more home-rule power.

            ## Municipalities

            **Cities, towns and villages** are created by a charter. Common forms are **mayor-council**, where an
            elected mayor runs the city, and **council-manager**, where the council hires a professional manager.
            Municipalities provide services such as city police, parks and zoning.

            ## School boards

            Each county is one **school district** led by an elected **school board**. The board sets policy,
            approves the budget and works with the **superintendent**, who runs the schools day to day. In some
            counties the school board appoints the superintendent; in others, voters elect one.

            ### Who would you call?

            A pothole on a city street? A question about your school calendar? Think about which level of
            government handles each.
          `,
        },
        {
          title: 'Local Government and EOC Review',
          type: 'links',
          width: 'half',
          markdown: 'Find your local officials and get ready for the Civics EOC.',
          links: [
            { text: 'EOC review guide (Civics360)', path: '/pages/eoc' },
            { text: 'USA.gov — find government services', path: 'https://www.usa.gov/' },
            { text: 'Florida Division of Elections', path: 'https://dos.fl.gov/elections/' },
          ],
        },
      ],
    },
  ],
}

export const topics: SeedTopic[] = [foundations, constitution, citizenship, florida]

// ---------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------

const privacyPolicy = md`
  ## Our promise

  Civics360 is a free civics learning platform for middle school students and their teachers, made with the
  **Lou Frey Institute** and the **Florida Joint Center for Citizenship** at the University of Central Florida. We
  collect as little information as possible and use it only to run the platform.

  ## What we collect from students

  - a **generated username** (students do not choose their own, so it does not reveal who they are)
  - a **password**, stored only as a secure **hash** — nobody, including our staff, can read it
  - an optional **first and last name**
  - **classroom membership**, from the classroom code a teacher provides

  We **do not ask students for an email address**. We do not collect students' home addresses, phone numbers or
  photos.

  ## Who can see student information

  - the **student**
  - the student's **teacher** for their classroom
  - a small number of **authorised staff** who maintain the platform

  ## What we never do

  - We show **no advertising** and do not sell or rent any information.
  - We do not build profiles of students for marketing.

  We designed Civics360 with the **Children's Online Privacy Protection Act (COPPA)** and the **Family
  Educational Rights and Privacy Act (FERPA)** in mind. Schools and teachers remain in control of their students'
  educational records.

  ## Questions or requests

  Parents, guardians and teachers may ask to review or delete a student's information. Please
  [contact us](/ticket?type=contact).
`

const terms = md`
  ## Using Civics360

  Civics360 is provided **free of charge** by the Lou Frey Institute and the Florida Joint Center for Citizenship
  at the University of Central Florida for educational use by students, teachers and schools.

  By creating an account or using the site, you agree to:

  - **use Civics360 for learning and teaching**, and follow your school's rules for technology use
  - **keep your password private** and not use another person's account
  - **be respectful** — do not post or submit anything harmful, offensive or unlawful
  - **not try to break, overload or misuse** the platform or collect information about other users

  ### Teachers

  Teachers are responsible for the classrooms they create, for sharing classroom codes only with their students
  and for resetting student passwords when needed.

  ### Content

  Lessons, activities and quizzes are owned by their creators and may be used for classroom instruction. Public
  domain documents, such as the Constitution, are free for everyone. Links to outside websites are provided for
  learning; we are not responsible for their content.

  ### Changes and questions

  We may update these terms or the platform from time to time. Accounts that break these rules may be suspended.
  Questions? Please [contact us](/ticket?type=contact).
`

const aboutUs = md`
  ## Who we are

  Civics360 is a free civics learning platform for middle school students and their teachers. It is made by the
  **Lou Frey Institute (LFI)** and the **Florida Joint Center for Citizenship (FJCC)** at the **University of
  Central Florida** in Orlando.

  ## What we believe

  A healthy democracy depends on citizens who understand how government works and know how to take part. Middle
  school is the perfect time to build that foundation — and in Florida, every middle school student takes a
  civics course.

  ## What we do

  - write **clear, accurate lessons** on the foundations of government, the Constitution, citizenship and
    Florida government
  - provide **primary sources, videos and interactive quizzes** that students can use at school or at home
  - give **teachers** simple tools to set up classrooms and support their students
  - support review for the **Florida Civics End-of-Course (EOC) assessment**

  Our content is reviewed by civics educators and is aligned with Florida's civics standards.

  Have an idea or a question? We would love to hear from you on our [contact page](/pages/contact).
`

export const pages: SeedPage[] = [
  {
    slug: 'privacy',
    title: 'Privacy',
    markdown: md`
      ## Privacy at Civics360

      Civics360 is built for middle school students, so protecting their privacy is one of our most important
      jobs. We keep things simple:

      - **Students sign up without an email address.** They receive a generated username and join their class
        with a classroom code from their teacher.
      - **Passwords are never stored in readable form.** We keep only a secure hash.
      - **No advertising, ever.** We do not sell, rent or share information for marketing.
      - **Only the right people can see student information** — the student, their teacher and a small number
        of authorised staff.

      Civics360 is a free service from the Lou Frey Institute and the Florida Joint Center for Citizenship at
      the University of Central Florida. Our approach is designed with student privacy laws such as COPPA and
      FERPA in mind.

      ## What we keep about a student, why, and for how long

      - **The account** — generated username, password hash, optional name, classroom and display settings. _Why:_
        to sign in and to show the teacher who is in the class. _How long:_ as long as the account exists (below).
      - **Activity records** — opened, completed, scores and time spent. _Why:_ so the student and the teacher
        see progress. _How long:_ as the account.
      - **Resume data and quiz state** — where a student left off in a quiz. _Why:_ to continue where they left
        off. _How long:_ as the account.
      - **Sign-in sessions.** _Why:_ to stay signed in during the school day. _How long:_ until logout, a school
        day at most.
      - **Assignments** — the student's place in them and any extension. _Why:_ to show what is due. _How long:_
        as the account.
      - **The audit log** — which teacher or staff member read a student's data, what and when (by account
        number, never by name). _Why:_ so the school can check who saw its students' records. _How long:_ until
        the end of the school year it was written in, plus 60 days.
      - **Server logs** hold counts, never a student's name or password.

      **When a teacher archives a classroom**, its students can still sign in and see their work. Everything of
      those students is **deleted automatically after the end of that school year (June 30) plus 60 days**,
      with the classroom itself.

      **A school can ask us to delete a student at any time.** The teacher can do it from the classroom page
      (Delete Account), and a district can send us a list of students. Everything is deleted at once, and the
      teacher receives a receipt of what was removed. The audit log then keeps only a record that the account
      (by number, not by name) was deleted, by whom and when.

      We never use student information for advertising or to build profiles, and we never sell or share it.

      For full details, please read our [Privacy Policy](/pages/privacy-policy). If you have a question, you
      can always [contact us](/ticket?type=contact).
    `,
  },
  { slug: 'privacy-policy', title: 'Privacy Policy', markdown: privacyPolicy },
  {
    slug: 'terms',
    title: 'Terms',
    markdown: md`
      ## Terms in plain language

      Civics360 is a free civics learning platform for middle school students and their teachers. Here is a
      short summary of the rules for using it:

      - **Be a good digital citizen.** Use Civics360 to learn and teach, and treat others with respect.
      - **Keep your account to yourself.** Do not share your password or log in as someone else.
      - **Teachers manage their classrooms.** Share classroom codes only with your students.
      - **Do not misuse the site.** Do not try to break it, overload it or collect other people's information.
      - **Outside links are for learning.** We link to trusted sites such as the National Archives, but we do
        not control their content.

      This summary does not replace the full [Terms and Conditions](/pages/terms-and-conditions), which explain
      these rules in more detail. How we handle information is explained in our
      [Privacy Policy](/pages/privacy-policy).
    `,
  },
  { slug: 'terms-and-conditions', title: 'Terms and Conditions', markdown: terms },
  {
    slug: 'civics360',
    title: 'Civics360',
    markdown: md`
      ## A student-focused civics guide and review tool

      **Civics360** is a student-focused civics guide and review tool for middle school students and their
      teachers. It is free to use and was created by the **Lou Frey Institute** and the **Florida Joint Center
      for Citizenship** at the **University of Central Florida**.

      ### What's inside

      Civics360 is organized into **topics**, each made up of short **modules**:

      - **Foundations of Government** — Enlightenment ideas, the Magna Carta, the Declaration of Independence and
        the Articles of Confederation
      - **The Constitution** — principles, the three branches, the Bill of Rights and later amendments
      - **Citizenship** — naturalization, duties and responsibilities, and civic participation
      - **Government in Florida** — the Florida Constitution, the state's three branches and local government

      Each module contains activities: readings of primary sources, videos, helpful links and interactive
      quizzes.

      ### How to use it

      Students can use Civics360 to **preview** a lesson, **review** after class, or **prepare** for the
      [Florida Civics EOC](/pages/eoc). Teachers can create classrooms so their students can sign up with a
      classroom code. See the [Usage Guide](/pages/help) to get started.
    `,
  },
  {
    slug: 'fjcc',
    title: 'Our Story',
    markdown: md`
      ## Our story

      The **Lou Frey Institute** at the University of Central Florida is named for **Lou Frey Jr.**, who
      represented Central Florida in the U.S. House of Representatives for ten years and believed that every
      young person should understand how their government works. The Institute works to promote civic education
      and engagement across Florida.

      The **Florida Joint Center for Citizenship (FJCC)** is a partnership of the Lou Frey Institute at UCF
      and the Bob Graham Center for Public Service at the University of Florida. The FJCC supports Florida
      teachers with lessons, professional development and resources for civic education.

      In 2010, Florida's Justice Sandra Day O'Connor Civics Education Act made civics a required middle school
      course with an End-of-Course assessment. Teachers asked for a place where students could review what they
      had learned in a friendly, engaging way.

      **Civics360** is our answer: a free, student-focused civics guide and review tool. Today it helps students
      and teachers across Florida, and anyone who wants to learn how American government works.
    `,
  },
  {
    slug: 'eoc',
    title: 'EOC',
    markdown: md`
      ## The Florida Civics End-of-Course Assessment

      Every Florida middle school student takes a **civics course**, usually in **seventh grade**, and finishes
      it with the statewide **Civics End-of-Course (EOC) assessment**. Your EOC score counts for **30 percent of
      your final course grade**.

      The EOC is taken on a computer and uses questions about the state civics standards, including:

      - the **origins and foundations** of American government
      - the **rights, duties and responsibilities** of citizens
      - **political processes**, such as elections, parties and the role of the media
      - the **structure and functions** of government at the national, state and local levels

      Many questions ask you to read a primary source, a chart or a short scenario and apply what you know.

      ### How to review with Civics360

      1. Work through each **topic** in order; the topics follow the course.
      2. Read the **primary sources** — the Preamble, the Declaration and the Bill of Rights appear often.
      3. Take the **quizzes** more than once until you are confident.
      4. Make **flash cards** for key terms such as _federalism_, _checks and balances_ and _naturalization_.
      5. Ask your teacher for **testing dates** and any practice materials from your school.

      Official information about Florida's statewide assessments is published by the
      [Florida Department of Education](https://www.fldoe.org/).
    `,
  },
  {
    slug: 'help',
    title: 'Usage Guide',
    markdown: md`
      ## Getting started

      ### Students: signing up

      1. Get your **classroom code** from your teacher.
      2. Choose **Sign Up** and pick the student option.
      3. Civics360 gives you a **generated username**. **Write it down** — you will need it to log in. Don't like
         it? Press **New username** for another one.
      4. Choose a **password** and enter your **Classroom Code**. When the code is correct you will see
         "Classroom found" with your class name.
      5. Finish your profile and start exploring the topics.

      Students do not need an email address. If you forget your password, ask your teacher to reset it.

      ### Teachers: classrooms

      1. Sign up as an educator and complete your profile. If your school is not found, add it with
         **Create**: the name you searched for is filled in.
      2. Choose **Create your first class** under your saved profile (or **Classrooms** in the header) and
         **create a classroom**. Civics360 proposes a classroom code: keep it or type your own.
      3. Share the code with your students so they can join.
      4. To **reset a student's password**, open the classroom, choose the student and enter a new password.
         Give the new password to the student privately.

      ### Theme and day/night mode

      - Open **Theme** in your account settings to choose a theme, turn **Auto-adjust Text Size** on or off and
        switch **Day/Night**. Press **Save Theme**.
      - You can also switch between day and night mode at any time with the **sun/moon button** in the header.

      Still stuck? [Contact us](/ticket?type=contact).
    `,
  },
  { slug: 'about-us', title: 'About Us', markdown: aboutUs },
  {
    slug: 'change-log',
    title: 'Change Log',
    markdown: md`
      ## Version 2.0.1

      This release follows the launch of the rebuilt Civics360 platform and focuses on fixes and polish.

      - **Student sign-up:** the classroom code is now checked as soon as you enter it, and you will see your
        class name when the code is correct.
      - **Usernames:** students can ask for a new generated username before signing up.
      - **Teachers:** resetting a student's password from the classroom page now also unlocks the account if
        there were too many failed log-in attempts.
      - **Themes:** your day/night choice is saved to your account and follows you to any device.
      - **Accessibility:** improved keyboard navigation in the account menu and better colour contrast on
        topic and module cards.
      - **Content:** new _Government in Florida_ modules on the Florida Constitution and local government.

      ## Version 2.0.0

      - A completely rebuilt Civics360 with a new design, new topics and a faster, mobile-friendly site.

      Found a problem? Please let us know through the [contact form](/ticket?type=contact).
    `,
  },
  {
    slug: 'contact',
    title: 'Contact Us',
    markdown: md`
      ## We would love to hear from you

      Do you have a question about Civics360, an idea for a new activity, or a problem with your account? The
      best way to reach the Civics360 team is through our **[contact form](/ticket?type=contact)**.

      When you write to us, please include:

      - whether you are a **student**, **teacher**, **parent** or **school administrator**
      - the **page or activity** your message is about, if any
      - a short description of what happened or what you need

      ### Students

      If you forgot your password, the fastest way to get back in is to ask your **teacher**, who can reset it
      for you from the classroom page. Please do not share your password in a message.

      ### Teachers and schools

      We are happy to help with classroom setup and to hear how you use Civics360 with your students.

      Civics360 is a free service of the Lou Frey Institute and the Florida Joint Center for Citizenship at the
      University of Central Florida. We read every message and reply as soon as we can.
    `,
  },
]

// ---------------------------------------------------------------------------
// News posts
// ---------------------------------------------------------------------------

export const posts: SeedPost[] = [
  {
    title: 'Welcome to the New Civics360',
    markdown: md`
      Civics360 has a fresh new look! The rebuilt platform works on phones, tablets and computers, and it is
      organized into four topics: **Foundations of Government**, **The Constitution**, **Citizenship** and
      **Government in Florida**.

      Students can sign up with a classroom code from their teacher — no email address needed. Teachers can
      create classrooms and help students who forget their passwords.

      New to the site? Start with our [Usage Guide](/pages/help).
    `,
  },
  {
    title: 'Get Ready for the Civics EOC',
    markdown: md`
      Testing season is coming! If you are taking the **Florida Civics End-of-Course assessment** this year,
      Civics360 can help you review.

      Try the new **Bill of Rights Quiz** in _The Constitution_ topic, reread the founding documents, and check
      our [EOC page](/pages/eoc) for study tips. Remember: the EOC counts for 30 percent of your civics course
      grade, so a little review each week goes a long way.
    `,
  },
]

// ---------------------------------------------------------------------------
// Schools
// ---------------------------------------------------------------------------

export const schools: { name: string; district: string; state: string; country: string }[] = [
  { name: 'Lincoln Park Middle School', district: 'Orange County Public Schools', state: 'Florida', country: 'United States' },
  { name: 'Cypress Creek Middle School', district: 'Hillsborough County Public Schools', state: 'Florida', country: 'United States' },
  { name: 'Coral Bay Middle School', district: 'Miami-Dade County Public Schools', state: 'Florida', country: 'United States' },
  { name: 'Sawgrass Springs Middle School', district: 'Broward County Public Schools', state: 'Florida', country: 'United States' },
  { name: 'Riverside Oaks Middle School', district: 'Duval County Public Schools', state: 'Florida', country: 'United States' },
  { name: 'Pelican Point Middle School', district: 'Pinellas County Schools', state: 'Florida', country: 'United States' },
  { name: 'Lake Jesup Middle School', district: 'Seminole County Public Schools', state: 'Florida', country: 'United States' },
  { name: 'Red Hills Middle School', district: 'Leon County Schools', state: 'Florida', country: 'United States' },
]
