import type { ShippingLine } from "../../../../shared/enums";

// The BIC owner codes (the first four letters of an ISO 6346 container number) of the container
// fleets of the listed lines, and of the fleets that merged into them. Every code here is in the
// BIC register under the registrant named beside it; data/SOURCE.md ("carrier-owner-codes.ts")
// says where the register snapshot comes from and how each merger was checked.
//
// `line` is the listed line whose tracking finds these boxes today. A fleet that merged into
// another line is tracked by the line it merged into, even when the old brand is still in the
// list: Hamburg Süd's and Sealand's pools are Maersk's (pools merged 2018, brands retired 2023),
// and NYK's, MOL's and K Line's boxes have been ONE's since ONE took over their container
// business in 2018. A brand that still runs its own service keeps its own boxes (OOCL within
// the COSCO group, ANL and CNC within the CMA CGM group).

export interface OwnerCodeGroup {
  /** The listed line that tracks these boxes today. */
  line: ShippingLine;
  /** The fleet, as people know it. */
  fleet: string;
  /** The registrant's name in the BIC register snapshot. */
  registrant: string;
  codes: readonly string[];
  /** Boxes stencilled for a listed line that no longer tracks them (the simulator still uses them). */
  stencilledFor?: ShippingLine;
  /** An absorbed fleet whose codes are no longer stencilled on new boxes. */
  legacy?: true;
}

export const CARRIER_OWNER_CODES: readonly OwnerCodeGroup[] = [
  {
    line: "MAERSK",
    fleet: "Maersk",
    registrant: "MAERSK A/S",
    codes: ["MSKU", "MRKU", "MRSU", "MAEU", "MNBU", "MSAU", "MSFU", "MSWU", "MWCU", "MWMU", "MIEU", "MVIU"],
  },
  {
    line: "MAERSK",
    fleet: "Maersk (older series)",
    registrant: "MAERSK A/S",
    codes: ["APMU", "MCAU", "MCHU", "MCRU", "MHHU", "MMAU", "MALU", "MRFU", "CADU", "COZU", "ENAU"],
  },
  {
    line: "MAERSK",
    fleet: "Hamburg Süd and CCNI",
    registrant: "MAERSK A/S",
    codes: ["SUDU", "HASU", "CNIU"],
    stencilledFor: "HAMBURGSUD",
  },
  { line: "MAERSK", fleet: "Sea-Land", registrant: "MAERSK A/S", codes: ["SEAU"], stencilledFor: "SEALAND" },
  {
    line: "MAERSK",
    fleet: "Sealand Maersk Asia (formerly MCC Transport)",
    registrant: "SEALAND MAERSK ASIA PTE LTD",
    codes: ["MCPU"],
    stencilledFor: "SEALAND",
  },
  {
    line: "MAERSK",
    fleet: "Maersk's absorbed fleets (P&O Nedlloyd and earlier series)",
    registrant: "MAERSK A/S",
    codes: ["PONU", "POCU", "KNLU", "OCLU", "TORU", "LOTU", "FAAU", "FRLU", "GRIU", "KHJU", "KHLU", "SCMU"],
    legacy: true,
  },
  {
    line: "MSC",
    fleet: "MSC",
    registrant: "MSC- MEDITERRANEAN SHIPPING COMPANY S.A.",
    codes: [
      "MSCU",
      "MEDU",
      "MSDU",
      "MSMU",
      "MSNU",
      "MSBU",
      "MSGU",
      "MSPU",
      "MSTU",
      "MSVU",
      "MSYU",
      "MSZU",
      "MADU",
      "GTIU",
    ],
  },
  {
    line: "CMACGM",
    fleet: "CMA CGM",
    registrant: "CMA-CGM",
    codes: ["CMAU", "CGMU", "ECMU", "AMCU", "CMNU", "CSFU", "CSOU", "CZLU", "DVRU", "KLCU", "MMCU", "OPDU"],
  },
  {
    line: "CMACGM",
    fleet: "CMA CGM (further series)",
    registrant: "CMA-CGM",
    codes: ["OTAU", "SMUU", "SOFU", "STMU"],
    legacy: true,
  },
  {
    line: "CMACGM",
    fleet: "APL and NOL (Neptune Orient Lines)",
    registrant: "CMA-CGM",
    codes: ["APLU", "APHU", "APZU", "APRU", "NOLU", "NOSU"],
  },
  { line: "ANL", fleet: "ANL Container Line", registrant: "CMA-CGM", codes: ["ANNU"] },
  { line: "CNC", fleet: "CNC (Cheng Lie Navigation)", registrant: "CMA-CGM", codes: ["CNCU"] },
  {
    line: "COSCO",
    fleet: "COSCO Shipping Lines",
    registrant: "COSCO SHIPPING LINES CO LTD",
    codes: ["CSNU"],
  },
  {
    line: "COSCO",
    fleet: "COSCO's own fleet held by Florens (COSCO Container Lines' former prefix)",
    registrant: "FLORENS ASSET MANAGEMENT COMPANY LIMITED",
    codes: ["CBHU"],
  },
  {
    line: "COSCO",
    fleet: "China Shipping Container Lines (merged into COSCO in 2016)",
    registrant: "COSCO SHIPPING DEVELOPMENT (ASIA) CO.,LTD",
    codes: ["CCLU", "CSLU"],
  },
  {
    line: "OOCL",
    fleet: "OOCL",
    registrant: "ORIENT OVERSEAS CONTAINER LINE LTD.",
    codes: ["OOLU", "OOCU"],
  },
  {
    line: "EVERGREEN",
    fleet: "Evergreen",
    registrant:
      "EVERGREEN MARINE CORP (TAIWAN), (HONG KONG), (SINGAPORE), (UK); EVERGREEN INTERNATIONAL S.A.; GAINING ENTERPRISE S.A.; GREENCOMPASS MARINE S.A.",
    codes: ["EGHU", "EGSU", "EISU", "EMCU", "EITU", "HMCU", "UGMU"],
  },
  {
    line: "EVERGREEN",
    fleet: "Italia Marittima (formerly Lloyd Triestino)",
    registrant: "ITALIA MARITTIMA S.P.A",
    codes: ["IMTU", "LTIU"],
  },
  {
    line: "HAPAGLLOYD",
    fleet: "Hapag-Lloyd",
    registrant: "HAPAG LLOYD A.G",
    codes: ["HLCU", "HLXU", "HLBU", "HAMU", "FANU", "CASU", "DAYU", "ITAU", "TLEU"],
  },
  {
    line: "HAPAGLLOYD",
    fleet: "UASC (merged 2017)",
    registrant: "HAPAG LLOYD A.G",
    codes: ["UACU", "UAEU", "UASU"],
  },
  {
    line: "HAPAGLLOYD",
    fleet: "CSAV (merged 2014)",
    registrant: "HAPAG LLOYD A.G",
    codes: ["CSVU", "CSQU"],
  },
  {
    line: "HAPAGLLOYD",
    fleet: "NileDutch (merged 2021)",
    registrant: "HAPAG LLOYD A.G",
    codes: ["NIDU"],
  },
  {
    line: "HAPAGLLOYD",
    fleet: "Hapag-Lloyd's absorbed fleets (CP Ships, 2005, and other registered series)",
    registrant: "HAPAG LLOYD A.G",
    codes: ["CPSU", "CMUU", "LNXU", "TMMU", "MOMU", "IVLU", "NDSU", "QIBU", "QNNU"],
    legacy: true,
  },
  {
    line: "ONE",
    fleet: "Ocean Network Express",
    registrant: "OCEAN NETWORK EXPRESS PTE. LTD.",
    codes: ["ONEU"],
  },
  { line: "ONE", fleet: "NYK Line", registrant: "NYK LINE", codes: ["NYKU"], stencilledFor: "NYK" },
  {
    line: "ONE",
    fleet: "MOL (Mitsui O.S.K. Lines)",
    registrant: "MITSUI O.S.K. LINES LTD",
    codes: ["MOLU", "MOAU", "MOEU", "MOFU", "MOGU", "MORU", "MOSU", "MOTU"],
    stencilledFor: "MOL",
  },
  {
    line: "ONE",
    fleet: "K Line (Kawasaki Kisen Kaisha)",
    registrant: "KAWASAKI KISEN KAISHA LTD - K LINE",
    codes: ["KKFU", "KKLU", "KKTU", "KLFU", "KLTU", "KXTU", "AKLU", "EKLU", "ESSU", "PXCU"],
    stencilledFor: "KLINE",
  },
  {
    line: "HMM",
    fleet: "HMM (Hyundai Merchant Marine)",
    registrant: "HMM CO., LTD.",
    codes: ["HDMU", "HMMU"],
  },
  {
    line: "YANGMING",
    fleet: "Yang Ming",
    registrant: "YANG MING MARINE TRANSPORT CORP.",
    codes: ["YMLU", "YMMU"],
  },
  {
    line: "ZIM",
    fleet: "ZIM",
    registrant: "ZIM INTEGRATED SHIPPING SERVICES LTD",
    codes: ["ZIMU", "ZCSU", "ZCLU", "ZMOU"],
  },
  {
    line: "ZIM",
    fleet: "Gold Star Line (ZIM's intra-Asia subsidiary)",
    registrant: "GOLD STAR LINE LTD",
    codes: ["GSLU", "GMOU", "JXJU", "JXLU"],
  },
  {
    line: "WANHAI",
    fleet: "Wan Hai Lines",
    registrant: "WAN HAI LINES LTD",
    codes: ["WHLU", "WHSU", "TPCU"],
  },
  {
    line: "PIL",
    fleet: "Pacific International Lines",
    registrant: "PACIFIC INTERNATIONAL LINES (PTE) LTD",
    codes: ["PCIU", "PIDU", "PILU"],
  },
  {
    line: "KMTC",
    fleet: "KMTC (Korea Marine Transport)",
    registrant: "KOREA MARINE TRANSPORT CO / E. C. TEAM",
    codes: ["KMTU"],
  },
  {
    line: "SINOKOR",
    fleet: "Sinokor Merchant Marine",
    registrant: "SINOKOR MERCHANT MARINE CORP",
    codes: ["SKLU", "SKHU", "SKRU"],
  },
  { line: "HEUNGA", fleet: "Heung-A Line", registrant: "HEUNG-A LINE CO LTD", codes: ["HALU", "HLHU"] },
  {
    line: "NAMSUNG",
    fleet: "Namsung Shipping",
    registrant: "NAM SUNG SHIPPING CO LTD",
    codes: ["NSSU", "NSRU"],
  },
  { line: "CKLINE", fleet: "CK Line", registrant: "CK LINE CO LTD", codes: ["CKSU"] },
  { line: "DONGJIN", fleet: "Dongjin Shipping", registrant: "DONGJIN SHIPPING CO,LTD", codes: ["DJLU"] },
  {
    line: "DONGYOUNG",
    fleet: "Dong Young Shipping",
    registrant: "DONGYOUNG SHIPPING CO.,LTD",
    codes: ["DYLU"],
  },
  {
    line: "PANCON",
    fleet: "Pan Continental Shipping",
    registrant: "PAN CONTINENTAL SHIPPING CO LTD",
    codes: ["PCLU"],
  },
  { line: "PANOCEAN", fleet: "Pan Ocean", registrant: "PANOCEAN", codes: ["POLU"] },
  {
    line: "INTERASIA",
    fleet: "Interasia Lines",
    registrant: "INTERASIA LINES SINGAPORE PTE.LTD",
    codes: ["IAAU"],
  },
  { line: "TSLINE", fleet: "T.S. Lines", registrant: "T.S. LINES LTD", codes: ["TSSU", "TSTU"] },
  { line: "SITC", fleet: "SITC Container Lines", registrant: "SITC CONTAINER LINES CO LTD", codes: ["SITU"] },
  {
    line: "SINOTRANS",
    fleet: "Sinotrans Container Lines",
    registrant: "SINOTRANS CONTAINER LINES CO.,LTD.",
    codes: ["SNBU", "SNHU"],
  },
  {
    line: "SWIRE",
    fleet: "Swire Shipping (The China Navigation Co.)",
    registrant: "THE CHINA NAVIGATION CO PTE LTD",
    codes: ["JSSU"],
  },
  {
    line: "WESTWOOD",
    fleet: "Westwood Shipping Lines",
    registrant: "WESTWOOD SHIPPING LINES",
    codes: ["WSLU"],
  },
  { line: "KAMBARA", fleet: "Kambara Kisen", registrant: "KAMBARA KISEN CO LTD", codes: ["KMBU"] },
];
