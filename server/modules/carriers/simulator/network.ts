import type { ShippingLine } from "../../../../shared/enums";

// The simulated liner network: services (loops of port calls) with the sea lanes between them.
// A rotation is written as tokens: a UN/LOCODE is a port call, "lat,lon" a waypoint sailed through
// on the way to the next call (straits, capes, canals keep the great-circle legs off the land).
// The loop closes from the last token back to the first call. Each service is operated by one line
// (its vessels carry that line's names) and sold by several, as vessel-sharing alliances do.

export interface ServiceDef {
  code: string;
  name: string;
  operator: ShippingLine;
  soldBy: ShippingLine[];
  /** Voyage direction letters: before, and from, the call with index `turnAt`. */
  directions: [string, string];
  turnAt: number;
  rotation: string;
}

const rev = (lane: string) => lane.split(" ").reverse().join(" ");
const first = (lane: string, n: number) => lane.split(" ").slice(0, n).join(" ");
const from = (lane: string, n: number) => lane.split(" ").slice(n).join(" ");

// East Asia
const NGB_XMN = "29.6,122.5 25.4,120.5";
const XMN_HKG = "22.9,117.6";
const NGB_SOUTH = `${NGB_XMN} ${XMN_HKG}`;
const SCS = "21.5,114.5 12.5,111 5,106.5 1.5,104.6";
const SG_TO_CN = `${rev(SCS)} ${rev(NGB_SOUTH)}`;
const SHA_PUS = "31,122.6 33,125.5";
const PUS_PACIFIC = "33.8,129.4 31.2,129.5 30,131.5 33.5,141.5";
const CN_PACIFIC = "30.5,123.5 30,131.5 33.5,141.5";
const TSUGARU = "38,133.5 41.45,140 41.5,141.9";
const YOK_NGO = "35.1,139.75 34.4,138.8 34.4,136.9";
const NGO_UKB = "34.4,136.9 33.6,135.5 34.25,135.1";
const TOKYO_BAY = "35,139.8 34.6,140.3";

// Singapore to Europe through Suez
const SUEZ_WB =
  "2.5,101.4 4.3,99.3 6.2,94.5 5.6,80.6 13,53.5 12.4,46 12.6,43.35 15.5,41.8 20.5,38.3 25,35.7 27.7,33.9 29.9,32.56 31.35,32.35";
const MED_WB = "33.6,28.5 34.3,24.5 36.3,15.3 37.3,11.8 37.6,9.5 37.4,3 36.2,-2.3 35.95,-5.6";
const IBERIA_NB = "36.9,-9.4 43.3,-9.9 48.6,-5.8 49.9,-2";
const DOVER = "50.9,1.3";
const ASIA_CHANNEL = `${SUEZ_WB} ${MED_WB} ${IBERIA_NB}`;
const CHANNEL_ASIA = rev(ASIA_CHANNEL);
const RTM_HAM = "52.4,4.1 53.6,5.5 54,7.9 53.9,8.7";
const RTM_BRV = first(RTM_HAM, 3);
const NORTH_SEA_TO_CHANNEL = `${rev(RTM_BRV)} 51.6,2.4 ${DOVER}`;
const MALACCA_DONDRA = first(SUEZ_WB, 4);
const DONDRA_HORMUZ = "12,68 22.5,60.5 25.5,57.2 26.5,56.5 25.8,55.4";
const WEST_INDIA = "7.3,77 12,73.5 17,72.5";

// Mediterranean
const PSD_PIR = "34.2,28 35.6,27 37,24.7";
const PIR_GOA = "36.3,23.2 36.5,21.2 36.4,15.2 37.4,11.8 38.5,10.9 41,10.4 43.2,9.7";
const GOA_BCN = "43.2,7.5 42,4";
const BCN_VLC = "40.5,1.2 39.8,0.3";
const VLC_PSD = "38.7,0.5 37.6,4 37.6,9.5 37.3,11.8 36.3,15.3 34.3,25";

// Pacific and Americas
const PANAMA_NB = "12,-95 7.5,-79.6 8.9,-79.5 9.4,-79.9 12,-79.5 19.9,-73.9 23.5,-73 31.5,-79";
const US_CALIFORNIA = "33.6,-118.8 34.2,-120.8 36.5,-122.4 37.7,-122.7";
const JUAN_DE_FUCA = "48.4,-124.8 48.2,-123.2";
const NORTH_ATLANTIC_WB = "49.6,-6 44.5,-50 40.3,-69.5 40.4,-73.8";
const CHESAPEAKE = "36.9,-75.6 37,-76.1 38.5,-76.4";

// Southern routes
const SUNDA = "0.5,104.6 -2.6,106 -5.9,105.8 -9,104";
const INDIAN_TO_DUR = "-28,45 -29.5,32.5";
const DUR_CAPE = "-34,27 -35.3,20 -34.5,17.5";
const SSZ_BUE = "-34.9,-54.5 -35.1,-56.5";
const WEST_AFRICA = "35.9,-6.5 28.5,-19 14.7,-18.5 5,-10";
const EAST_AUSTRALIA_NB = "-26.5,154 -12,154.5 0.5,146 12,130";
const BNE_SYD = "-27.3,153.8 -33.8,151.8";
const SYD_MEL = "-34.5,151.3 -37.6,150.4 -39.4,146.4 -38.4,144.7";
const TO_CHANNEL_FROM_ALG = `36.9,-9.4 ${from(IBERIA_NB, 1)} ${DOVER}`;

const FORWARDERS: ShippingLine[] = ["DSV", "KUEHNENAGEL", "EXPEDITORS", "YUSEN"];

const S = (
  code: string,
  name: string,
  operator: ShippingLine,
  soldBy: ShippingLine[],
  turnAt: number,
  directions: [string, string],
  rotation: string,
): ServiceDef => ({ code, name, operator, soldBy, turnAt, directions, rotation });

// biome-ignore format: one service per block reads better than one token per line
export const SERVICES: ServiceDef[] = [
  S("AE1", "Asia–North Europe", "MAERSK", ["MAERSK", "SEALAND", "HAMBURGSUD"], 4, ["W", "E"],
    `CNSGH CNNBO ${NGB_SOUTH} CNSZP ${SCS} MYTPP ${ASIA_CHANNEL} ${DOVER} 51.5,1.6 GBFXT 51.9,3 NLRTM ${RTM_BRV} DEBRV
     ${NORTH_SEA_TO_CHANNEL} 49.9,-2 ${from(CHANNEL_ASIA, 1)} ${SG_TO_CN}`),
  S("FE2", "Far East 2", "HAPAGLLOYD", ["HAPAGLLOYD", "ONE", "HMM", "YANGMING", "NYK", "MOL", "KLINE"], 5, ["W", "E"],
    `KRPUS ${rev(SHA_PUS)} CNSGH CNNBO ${NGB_SOUTH} CNSZP ${SCS} SGSIN ${ASIA_CHANNEL} ${DOVER} 51.6,3 NLRTM ${RTM_HAM} DEHAM
     ${from(rev(RTM_HAM), 1)} 51.9,3.5 51.42,3.5 BEANR 51.42,3.5 51,1.6 50.6,0 50.65,-1.1 GBSOU
     50.4,-1.5 ${CHANNEL_ASIA} ${rev(SCS)} ${rev(NGB_SOUTH)} 30.5,123.5 33,126.5`),
  S("NE1", "Asia–North Europe Ocean 1", "COSCO", ["COSCO", "OOCL", "EVERGREEN", "CMACGM"], 5, ["W", "E"],
    `CNQDG 35,121.5 31.5,122.5 CNSGH CNNBO ${NGB_XMN} CNXMG ${XMN_HKG} HKHKG ${SCS} SGSIN ${ASIA_CHANNEL} ${DOVER} 51.6,3
     NLRTM ${RTM_HAM} DEHAM ${from(rev(RTM_HAM), 1)} 51.6,2.4 ${DOVER} ${CHANNEL_ASIA} ${SG_TO_CN} 31.5,122.5 35,121.5`),
  S("FAL1", "French Asia Line 1", "CMACGM", ["CMACGM", "ANL"], 4, ["W", "E"],
    `CNTXG 38.3,121 37.8,123 35,122.5 CNSGH CNNBO ${NGB_SOUTH} CNSZP ${SCS} SGSIN ${ASIA_CHANNEL} 50.4,-1.4 GBSOU
     50.4,-1 50.2,0 FRLEH 50,0.5 ${DOVER} 51.6,3 NLRTM ${RTM_HAM} DEHAM
     ${from(rev(RTM_HAM), 1)} 51.6,2.4 ${DOVER} ${CHANNEL_ASIA} ${SG_TO_CN} 35,122.5 37.8,123 38.3,121`),
  S("MED1", "Asia–Mediterranean", "CMACGM", ["CMACGM", "COSCO", "OOCL", "EVERGREEN", "ANL"], 5, ["W", "E"],
    `CNSGH CNNBO ${NGB_XMN} CNXMG ${XMN_HKG} HKHKG ${SCS} SGSIN ${SUEZ_WB} EGPSD ${PSD_PIR} GRPIR ${PIR_GOA} ITGOA
     ${GOA_BCN} ESBCN ${BCN_VLC} ESVLC ${VLC_PSD} ${rev(SUEZ_WB)} ${SG_TO_CN}`),
  S("SWAN", "Swan", "MSC", ["MSC"], 4, ["W", "E"],
    `KRPUS ${rev(SHA_PUS)} CNSGH CNNBO ${NGB_SOUTH} ${SCS} SGSIN ${ASIA_CHANNEL} ${DOVER} 51.42,3.5 BEANR 51.42,3.5 51.9,3.9
     NLRTM ${RTM_BRV} DEBRV ${NORTH_SEA_TO_CHANNEL} ${CHANNEL_ASIA} ${rev(SCS)} ${rev(NGB_SOUTH)} 30.5,123.5 33,126.5`),
  S("DRGN", "Dragon", "MSC", ["MSC"], 4, ["W", "E"],
    `CNNBO CNSGH ${SHA_PUS} KRPUS 33,125.5 30.5,123.5 ${from(NGB_SOUTH, 1)} ${SCS} SGSIN ${SUEZ_WB} ${from(PIR_GOA, 2)}
     ITGOA ${GOA_BCN} ESVLC ${VLC_PSD} ${rev(SUEZ_WB)} ${SG_TO_CN}`),
  S("TP1", "Transpacific 1", "MAERSK", ["MAERSK", "SEALAND", "HAMBURGSUD"], 3, ["E", "W"],
    `CNNBO CNSGH ${SHA_PUS} KRPUS ${PUS_PACIFIC} 33.6,-118.8 USLAX ${US_CALIFORNIA} USOAK 37.7,-122.7 ${rev(CN_PACIFIC)} 29.9,122.2`),
  S("PN1", "Pacific North 1", "ONE", ["ONE", "NYK", "MOL", "KLINE", "HMM", "YANGMING"], 3, ["E", "W"],
    `JPUKB ${rev(NGO_UKB)} JPNGO ${rev(YOK_NGO)} JPTYO ${TOKYO_BAY} ${JUAN_DE_FUCA} 48.8,-123.1 CAVAN
     48.8,-123.1 48.2,-123.2 47.9,-122.5 USSEA USTIW 47.9,-122.5 ${rev(JUAN_DE_FUCA)} ${rev(TSUGARU)} KRPUS 34.3,130.2 33.95,131`),
  S("WPN", "Westwood Pacific Northwest", "WESTWOOD", ["WESTWOOD"], 1, ["E", "W"],
    `JPTYO ${TOKYO_BAY} ${JUAN_DE_FUCA} 47.9,-122.5 USTIW USSEA 48.2,-123.2 48.8,-123.1 CAVAN
     48.8,-123.1 ${rev(JUAN_DE_FUCA)} ${rev(TSUGARU)} KRPUS 34.2,129.8 31.2,129.5 30,131.5 33.3,137 34.6,140 35,139.8`),
  S("TPS", "Transpacific South", "EVERGREEN", ["EVERGREEN", "COSCO", "OOCL"], 2, ["E", "W"],
    `HKHKG 22,116 22.3,120 TWKHH 21.8,120.6 22.5,122 33.6,-118.8 USLGB ${US_CALIFORNIA} USOAK 37.7,-122.7 21.2,121.2 21.5,116.5`),
  S("PS1", "Pacific South 1", "HMM", ["HMM", "YANGMING", "HAPAGLLOYD", "ONE"], 3, ["E", "W"],
    `CNSGH CNNBO 31,123.3 33,125.5 KRPUS ${PUS_PACIFIC} 33.6,-118.8 USLAX ${US_CALIFORNIA} USOAK
     37.7,-122.7 ${rev(CN_PACIFIC)} 31,122.6`),
  S("ZXB", "ZIM Express", "ZIM", ["ZIM"], 3, ["E", "W"],
    `CNNBO CNSGH ${SHA_PUS} KRPUS ${PUS_PACIFIC} ${PANAMA_NB} USSAV 31.5,-79 35,-75 40.4,-73.8 USNYC
     40.4,-73.8 35,-75 ${from(rev(PANAMA_NB), 1)} ${rev(CN_PACIFIC)} 29.9,122.2`),
  S("TA1", "Transatlantic 1", "HAPAGLLOYD", ["HAPAGLLOYD", "ONE", "HMM", "YANGMING", "ZIM"], 4, ["W", "E"],
    `DEHAM ${rev(RTM_HAM)} NLRTM 51.9,3.5 51.42,3.5 BEANR 51.42,3.5 51,1.6 50.6,0 50.65,-1.1 GBSOU 50.4,-1.5 ${NORTH_ATLANTIC_WB}
     USNYC 40.4,-73.8 36.9,-75.6 USORF 36.9,-75.6 35,-75 31.8,-80.3 USSAV 32,-80.6 USCHS
     32.5,-79.5 49.6,-6 49.9,-2 ${DOVER} 51.6,3 ${RTM_HAM}`),
  S("TA2", "Transatlantic 2", "MAERSK", ["MAERSK", "SEALAND", "HAMBURGSUD", "MSC"], 3, ["W", "E"],
    `DEBRV ${rev(RTM_BRV)} NLRTM 51.6,3 ${DOVER} 51.5,1.6 GBFXT 51.5,1.6 ${DOVER} 49.9,-2 ${NORTH_ATLANTIC_WB} USNYC
     40.4,-73.8 ${CHESAPEAKE} USBAL ${rev(CHESAPEAKE)} 49.6,-6 49.9,-2 ${DOVER} 51.6,3 ${RTM_BRV}`),
  S("KJ1", "Korea–Japan", "NAMSUNG", ["NAMSUNG", "DONGJIN", "HEUNGA", "PANCON", "CKLINE", "DONGYOUNG", "KAMBARA", "SINOKOR"], 1, ["E", "W"],
    `KRPUS 34.2,129.8 JPHKT 34,130.6 JPMOJ JPUKB JPOSA ${rev(NGO_UKB)} JPNGO ${rev(YOK_NGO)} JPYOK JPTYO
     35,139.8 34.6,140 33.3,137 31,131.3 31.2,129.5 33.8,129.4`),
  S("JC1", "Japan–China", "SINOKOR", ["SINOKOR", "PANOCEAN", "SINOTRANS", "JJ", "MSSCO", "KAMBARA", "CKLINE", "SITC"], 5, ["S", "N"],
    `JPTYO JPYOK ${YOK_NGO} JPNGO ${NGO_UKB} JPUKB JPOSA 34.25,135.1 33.5,135 31,131.3 30.5,123.5 CNSGH CNNBO
     29.6,122.5 30,131.5 33.5,137.5 34.6,140 35,139.8`),
  S("KC1", "Korea–China", "SITC", ["SITC", "DONGYOUNG", "PANCON", "PANOCEAN", "HEUNGA", "SINOTRANS", "JJ", "KMTC", "DONGJIN"], 1, ["S", "N"],
    `KRINC 37.2,125.8 35,124.5 31.5,122.5 CNSGH CNNBO 29.6,122.5 31,123.3 34,122 35.8,120.8 CNQDG 35.8,120.8 37.8,123 38.3,121
     CNTXG 38.3,121 37.8,123 35,125 33.8,127 34.6,128.8 KRPUS 34.6,128.8 33.9,125.8 35,125 37.2,125.8`),
  S("JT1", "Japan–Taiwan–Vietnam–Thailand", "WANHAI", ["WANHAI", "TSLINE", "CNC", "INTERASIA", "YANGMING", "EVERGREEN", "ONE", "NYK", "MOL", "KLINE"], 3, ["S", "N"],
    `JPTYO JPYOK ${YOK_NGO} JPNGO ${NGO_UKB} JPUKB 34.25,135.1 33.5,135 28,128.5 25.4,122.2 TWKEL 25.4,122.2 23,121.8 21.8,120.6
     TWKHH 22.3,120 21.5,116.5 HKHKG 21.5,114.5 12.5,111 10.2,107.3 VNCLI 10.2,107.3 8.2,104.6 12.5,101 THLCH
     12.5,101 8.2,104.6 10,109.5 12.5,111 20.6,121.2 25,125 30,131.5 33.5,137.5 34.6,140 35,139.8`),
  S("KS1", "Korea–South East Asia", "KMTC", ["KMTC", "HEUNGA", "NAMSUNG", "DONGYOUNG", "SINOKOR", "CKLINE", "HMM"], 3, ["S", "N"],
    `KRINC 37.2,125.8 34,125.5 34.3,127.5 34.7,128.5 KRPUS KRKAN 34.6,127.8 32.5,125 25.4,120.5 22.9,117.6 HKHKG
     21.5,114.5 12.5,111 10.2,107.3 VNCLI 10.2,107.3 8.2,104.6 12.5,101 THLCH 12.5,101 7,103 1.5,104.6 SGSIN
     ${rev(SCS)} 22.9,117.6 25.4,120.5 30.5,123.5 34,124.5 37.2,125.8`),
  S("CS1", "China–Straits–Indonesia", "PIL", ["PIL", "CNC", "SINOTRANS", "TSLINE", "COSCO", "OOCL"], 5, ["S", "N"],
    `CNSGH CNNBO ${NGB_XMN} CNXMG ${XMN_HKG} HKHKG ${SCS} SGSIN 2.5,101.4 MYPKG 2.5,101.4 1.2,103.7 0.5,104.6 -3.5,107 -5.8,106.9
     IDJKT -5.8,106.9 -5.5,110 -6.6,112.6 IDSUB -6.6,112.6 -5,110 -2.5,108.5 1.5,107 5,108 12.5,111 21.5,114.5 ${rev(NGB_SOUTH)}`),
  S("SP1", "Taiwan–Hong Kong–Philippines", "TSLINE", ["TSLINE", "CNC", "INTERASIA", "WANHAI", "SITC"], 2, ["S", "N"],
    "TWKHH 22.3,120 21.5,116.5 HKHKG 21,116 14.4,120.5 PHMNL 14.4,120.5 18.5,119.8 22,120"),
  S("IN1", "Asia–Indian Subcontinent", "INTERASIA", ["INTERASIA", "PIL", "WANHAI", "TSLINE", "ONE", "ZIM", "KMTC"], 5, ["W", "E"],
    `CNSGH CNNBO ${NGB_SOUTH} CNSZP ${SCS} SGSIN 2.5,101.4 MYPKG 4.3,99.3 6.2,94.5 5.6,80.6 LKCMB ${WEST_INDIA} INNSA
     20.5,70.5 22.5,69.4 INMUN 22.6,69 24.5,66.9 PKKHI 24.5,66.9 17,70 7.3,77 ${rev(MALACCA_DONDRA)} 1.5,104.6 ${SG_TO_CN}`),
  S("GF1", "Asia–Gulf", "COSCO", ["COSCO", "OOCL", "EVERGREEN", "CMACGM", "PIL"], 4, ["W", "E"],
    `CNSGH CNNBO ${NGB_SOUTH} CNSZP ${SCS} SGSIN ${MALACCA_DONDRA} ${DONDRA_HORMUZ} AEJEA ${first(rev(DONDRA_HORMUZ), 4)} 18.9,72
     INNSA ${rev(WEST_INDIA)} ${rev(MALACCA_DONDRA)} 1.5,104.6 ${SG_TO_CN}`),
  S("SEA1", "Sealand Asia", "SEALAND", ["SEALAND", "MAERSK", "HAMBURGSUD"], 5, ["S", "N"],
    `CNSGH CNNBO ${NGB_SOUTH} HKHKG 21.5,114.5 12.5,111 10.2,107.3 VNCLI 8.2,104.6 12.5,101 THLCH 12.5,101 7,103 1.5,104.6 SGSIN
     0.5,104.6 -3.5,107 -5.8,106.9 IDJKT -5.8,106.9 -3.5,107 0.5,105.5 5,106.5 12.5,111 21.5,114.5 ${rev(NGB_SOUTH)}`),
  S("AU1", "North Asia–Australia", "ANL", ["ANL", "CMACGM", "COSCO", "OOCL", "EVERGREEN"], 3, ["S", "N"],
    `CNSGH CNNBO ${NGB_SOUTH} HKHKG 21,117 20.6,121.2 ${rev(EAST_AUSTRALIA_NB)} AUBNE ${BNE_SYD} AUSYD ${SYD_MEL} AUMEL
     ${rev(SYD_MEL)} ${EAST_AUSTRALIA_NB} 24,124.5 30.5,123`),
  S("CAP", "Capricorn", "MSC", ["MSC"], 1, ["S", "N"],
    `SGSIN ${SUNDA} -31,114.5 AUFRE -35.2,114.8 -35.8,118 -36.6,137 -39,142 -38.4,144.7 AUMEL ${rev(SYD_MEL)} AUSYD ${rev(BNE_SYD)}
     AUBNE -24,153.5 -15.5,146.5 -10.6,142 -9.6,136 -8.5,126 -8.3,119 -5.2,112 -2.5,108.5 0.5,104.6`),
  S("SPX", "South Pacific Express", "SWIRE", ["SWIRE"], 3, ["S", "N"],
    `CNSGH ${SHA_PUS} KRPUS 34.2,129.8 31.2,129.5 30,131.5 33.3,137 34.6,140 35,139.8 JPYOK
     ${TOKYO_BAY} 10,150 -4,158 -11.5,157 -11.3,152 -10.8,149 -9.9,147.3 PGPOM
     -9.9,147.3 -10.8,149 -11.3,152 -13,165 -12.8,171 -17.5,177.5 FJSUV -19,178 -34,175.5 -36,175.2 NZAKL
     -36,175.2 -34,173.5 -34,172.7 -33.9,152 AUSYD ${rev(BNE_SYD)} AUBNE ${EAST_AUSTRALIA_NB} 24,124.5 30.5,123`),
  S("SA1", "Asia–South America East Coast", "HAMBURGSUD", ["HAMBURGSUD", "MAERSK", "SEALAND", "COSCO"], 4, ["W", "E"],
    `CNSGH CNNBO ${NGB_SOUTH} ${SCS} SGSIN ${SUNDA} ${INDIAN_TO_DUR} ZADUR ${DUR_CAPE} -24.2,-46 BRSSZ ${SSZ_BUE} ARBUE
     -35.1,-56.5 -34.9,-54 -32.3,-51.9 BRRIG -32.3,-51.9 ${rev(DUR_CAPE)} -28,45 ${rev(SUNDA)} 1.5,104.6 ${SG_TO_CN}`),
  S("SA2", "Europe–South America East Coast", "HAMBURGSUD", ["HAMBURGSUD", "MAERSK", "CMACGM", "HAPAGLLOYD"], 4, ["S", "N"],
    `DEHAM ${rev(RTM_HAM)} NLRTM 51.9,3.5 51.42,3.5 BEANR 51.42,3.5 ${DOVER} 49.9,-2 48.6,-5.8 43.3,-9.9 36.9,-9.4 35.95,-5.8
     ESALG 35.9,-6.5 28.5,-19 10,-25 -5,-33 -24.2,-46 BRSSZ ${SSZ_BUE} ARBUE
     -35.1,-56.5 -34.9,-54 -5,-33 10,-25 28.5,-19 ${TO_CHANNEL_FROM_ALG} 51.6,3 ${RTM_HAM}`),
  S("WSA", "Asia–West Coast South America", "COSCO", ["COSCO", "ONE", "HMM", "YANGMING", "HAPAGLLOYD", "EVERGREEN", "OOCL"], 3, ["E", "W"],
    `CNNBO CNSGH ${SHA_PUS} KRPUS ${PUS_PACIFIC} 18.8,-104.6 MXZLO 15,-98 5,-82 -5,-81.5 PECLL -20,-72.5 -33.3,-72 CLSAI
     -33.3,-72 30,131.5 30.5,123.5 29.9,122.2`),
  S("AMX", "Americas Express", "SEALAND", ["SEALAND", "MAERSK", "HAMBURGSUD"], 2, ["S", "N"],
    `USHOU 29,-94.5 24.3,-82 25.5,-80 USMIA 24.3,-81.5 21.7,-85.5 12,-80.5 9.5,-79.9 PAONX 9.4,-79.9 8.9,-79.5 7.5,-79.6 -5,-81.5
     PECLL -20,-72.5 -33.3,-72 CLSAI -33.3,-72 -20,-72.5 -5,-81.5 7.5,-79.6 8.9,-79.5 9.4,-79.9 12,-80.5 21.7,-85.5 25,-90 29,-94.5`),
  S("AF1", "Asia–East Africa", "MSC", ["MSC", "PIL"], 3, ["W", "E"],
    `CNSGH CNNBO ${NGB_SOUTH} ${SCS} SGSIN ${MALACCA_DONDRA} 0,60 -3.8,40.2 KEMBA -4.4,40 -6.5,39.6 TZDAR
     -6.8,39.8 -12,41.5 -20,40.5 -27,33.5 ZADUR ${rev(INDIAN_TO_DUR)} ${rev(SUNDA)} 1.5,104.6 ${SG_TO_CN}`),
  S("WAF", "Europe–West Africa", "MAERSK", ["MAERSK", "CMACGM", "HAPAGLLOYD"], 2, ["S", "N"],
    `NLRTM 51.6,3 ${DOVER} 49.9,-2 48.6,-5.8 43.3,-9.9 36.9,-9.4 35.95,-5.8 ESALG ${WEST_AFRICA} 5,-4 CIABJ 5,-3 5.5,-0.5 GHTEM
     5.9,1.5 6.3,3.2 NGLOS 6.3,3.2 5,-4 ${first(rev(WEST_AFRICA), 3)} ${TO_CHANNEL_FROM_ALG} 51.6,3`),
  S("RR1", "Asia–Europe Ro-Ro", "WALLENIUS", ["WALLENIUS", "HOEGH", "EUKOR"], 4, ["W", "E"],
    `JPNGO ${rev(YOK_NGO)} JPYOK 35,139.8 34.6,140 33.3,137 31,131.3 31.2,129.5 34,125.3 36.9,126.3 KRPTK
     36.9,126.3 34,125.3 31,122.6 CNSGH ${NGB_SOUTH} ${SCS} SGSIN ${ASIA_CHANNEL} ${DOVER} 51.3,2.8 BEZEE 51.5,3 ${RTM_BRV} DEBRV
     ${rev(RTM_BRV)} 51.3,2 ${DOVER} 50.6,0 50.65,-1.1 GBSOU
     50.4,-1.5 ${CHANNEL_ASIA} ${rev(SCS)} 20.6,121.2 24,124.5 30,131.5 33.3,137 34.4,136.9`),
  S("RR2", "Asia–North America Ro-Ro", "EUKOR", ["EUKOR", "WALLENIUS", "HOEGH"], 3, ["E", "W"],
    `KRPTK 36.9,126.3 34,125.3 34.3,128 KRPUS 33.8,129.4 31.2,129.5 30,131.5 33.3,137 34.4,136.9 JPNGO
     34.4,136.9 34,138 33.5,141.5 33.6,-118.8 USLGB 33.6,-118.8 22.3,-110.2 ${first(PANAMA_NB, 7)} 30.3,-81 USJAX
     30.3,-81 35,-75 ${CHESAPEAKE} USBAL ${rev(CHESAPEAKE)} 23.5,-73 19.9,-73.9 12,-79.5 9.4,-79.9 8.9,-79.5 7.5,-79.6 12,-95
     30,131.5 31.2,129.5 34,125.3 36.9,126.3`),
  S("RR3", "Europe–North America Ro-Ro", "HOEGH", ["HOEGH", "WALLENIUS", "EUKOR"], 3, ["W", "E"],
    `DEBRV ${rev(RTM_BRV)} 51.5,3 BEZEE 51.3,2 ${DOVER} 50.6,0 50.65,-1.1 GBSOU 50.4,-1.5 49.6,-6 44.5,-50 ${CHESAPEAKE} USBAL
     ${rev(CHESAPEAKE)} 30.3,-81 USJAX 30.3,-81 40.3,-60 49.6,-6 49.9,-2 ${DOVER} 51.6,3 ${RTM_BRV}`),
  S("ST1", "Europe–US Gulf Chemicals", "STOLT", ["STOLT"], 2, ["W", "E"],
    `NLRTM 51.9,3.5 51.42,3.5 BEANR 51.42,3.5 ${DOVER} 49.9,-2 49.6,-6 30,-60 23.5,-73 22.5,-78 23.5,-80.5 24.3,-82.5 24.5,-86
     28.8,-94 USHOU 28.8,-94 28.9,-89.4 USMSY 28.9,-89.4 24.5,-86 24.3,-82.5 25.5,-79.9 27,-79.8 30,-77 49.6,-6 49.9,-2 ${DOVER} 51.6,3`),
  S("ST2", "Asia–Middle East Chemicals", "STOLT", ["STOLT"], 3, ["W", "E"],
    `KRPUS 33.5,127.5 30.5,124 25.4,120.5 23,119.8 22.5,120.1 TWKHH 22.3,120 21.5,116.5 ${from(SCS, 1)} SGSIN ${MALACCA_DONDRA}
     ${WEST_INDIA} INNSA 18.9,72 ${from(DONDRA_HORMUZ, 1)} AEJEA ${rev(DONDRA_HORMUZ)} ${rev(MALACCA_DONDRA)} 1.5,104.6
     ${first(rev(SCS), 3)} 21.5,116.5 25.4,120.5 30.5,124 33.5,127.5`),
];

const NON_CONTAINER_SERVICES = new Set(["RR1", "RR2", "RR3", "ST1", "ST2"]);
const CONTAINER_SERVICES = SERVICES.filter((s) => !NON_CONTAINER_SERVICES.has(s.code));

/** The services a line sells; forwarders book space on every container service. */
export function servicesSoldBy(line: ShippingLine): ServiceDef[] {
  if (FORWARDERS.includes(line)) return CONTAINER_SERVICES;
  return SERVICES.filter((s) => s.soldBy.includes(line));
}
