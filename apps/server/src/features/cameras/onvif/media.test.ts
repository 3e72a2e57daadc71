import { describe, expect, it } from 'vitest';
import { mediaRequests, parseEncoderConfig, parseEncoderOptions, parseProfileEncoders } from './media.ts';

/** Answers written the way another camera might, with its own prefixes and more than we read (decision 0714). */
const CONFIG =
  '<trt:GetVideoEncoderConfigurationResponse><trt:Configuration token="VideoEncoderToken_1" encoding="H264">' +
  '<tt:Name>VideoEncoder_1</tt:Name><tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding>' +
  '<tt:Resolution><tt:Width>2560</tt:Width><tt:Height>1440</tt:Height></tt:Resolution><tt:Quality>4</tt:Quality>' +
  '<tt:RateControl><tt:FrameRateLimit>25</tt:FrameRateLimit><tt:EncodingInterval>1</tt:EncodingInterval>' +
  '<tt:BitrateLimit>4096</tt:BitrateLimit></tt:RateControl><tt:H264><tt:GovLength>50</tt:GovLength>' +
  '<tt:H264Profile>Main</tt:H264Profile></tt:H264><tt:Multicast><tt:Port>8600</tt:Port><tt:TTL>128</tt:TTL>' +
  '<tt:AutoStart>false</tt:AutoStart></tt:Multicast><tt:SessionTimeout>PT5S</tt:SessionTimeout>' +
  '</trt:Configuration></trt:GetVideoEncoderConfigurationResponse>';

describe('ONVIF video encoder configurations', () => {
  it('reads a configuration: size, rate, bit rate, GOV length', () => {
    const c = parseEncoderConfig(CONFIG);
    expect(c && { ...c, xml: undefined }).toEqual({
      token: 'VideoEncoderToken_1',
      encoding: 'H264',
      width: 2560,
      height: 1440,
      frameRate: 25,
      bitrateKbps: 4096,
      gopFrames: 50,
      xml: undefined,
    });
  });

  it('reads the profiles’ encoders in the camera’s order', () => {
    const xml =
      '<ns1:GetProfilesResponse><ns1:Profiles token="Profile_1" fixed="true"><ns2:Name>mainStream</ns2:Name>' +
      '<ns2:VideoEncoderConfiguration token="V1"><ns2:Encoding>H264</ns2:Encoding><ns2:Resolution>' +
      '<ns2:Width>1920</ns2:Width><ns2:Height>1080</ns2:Height></ns2:Resolution></ns2:VideoEncoderConfiguration>' +
      '</ns1:Profiles><ns1:Profiles token="Profile_2"><ns2:VideoEncoderConfiguration token="V2"><ns2:Resolution>' +
      '<ns2:Width>704</ns2:Width><ns2:Height>576</ns2:Height></ns2:Resolution></ns2:VideoEncoderConfiguration>' +
      '</ns1:Profiles></ns1:GetProfilesResponse>';
    expect(parseProfileEncoders(xml).map((e) => [e.token, e.width, e.height])).toEqual([
      ['V1', 1920, 1080],
      ['V2', 704, 576],
    ]);
  });

  it('reads what an encoder offers, the bit rate range from the extension', () => {
    const xml =
      '<trt:Options><tt:QualityRange><tt:Min>0</tt:Min><tt:Max>6</tt:Max></tt:QualityRange><tt:H264>' +
      '<tt:ResolutionsAvailable><tt:Width>2560</tt:Width><tt:Height>1440</tt:Height></tt:ResolutionsAvailable>' +
      '<tt:ResolutionsAvailable><tt:Width>1920</tt:Width><tt:Height>1080</tt:Height></tt:ResolutionsAvailable>' +
      '<tt:GovLengthRange><tt:Min>1</tt:Min><tt:Max>400</tt:Max></tt:GovLengthRange><tt:FrameRateRange>' +
      '<tt:Min>1</tt:Min><tt:Max>25</tt:Max></tt:FrameRateRange></tt:H264><tt:Extension><tt:H264>' +
      '<tt:BitrateRange><tt:Min>32</tt:Min><tt:Max>16384</tt:Max></tt:BitrateRange></tt:H264></tt:Extension>' +
      '</trt:Options>';
    expect(parseEncoderOptions(xml)).toEqual({
      resolutions: [
        { width: 2560, height: 1440 },
        { width: 1920, height: 1080 },
      ],
      frameRate: { min: 1, max: 25 },
      gopFrames: { min: 1, max: 400 },
      bitrateKbps: { min: 32, max: 16384 },
    });
  });

  it('sets the camera’s own configuration back with only the changed values replaced', () => {
    const c = parseEncoderConfig(CONFIG);
    if (!c) throw new Error('unread');
    const body = mediaRequests.setVideoEncoderConfiguration(c, {
      width: 1920,
      height: 1080,
      frameRate: 15,
      bitrateKbps: 2048,
      gopFrames: 30,
    });
    expect(body).toBe(
      '<trt:SetVideoEncoderConfiguration><trt:Configuration token="VideoEncoderToken_1">' +
        '<tt:Name>VideoEncoder_1</tt:Name><tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding>' +
        '<tt:Resolution><tt:Width>1920</tt:Width><tt:Height>1080</tt:Height></tt:Resolution><tt:Quality>4</tt:Quality>' +
        '<tt:RateControl><tt:FrameRateLimit>15</tt:FrameRateLimit><tt:EncodingInterval>1</tt:EncodingInterval>' +
        '<tt:BitrateLimit>2048</tt:BitrateLimit></tt:RateControl><tt:H264><tt:GovLength>30</tt:GovLength>' +
        '<tt:H264Profile>Main</tt:H264Profile></tt:H264><tt:Multicast><tt:Port>8600</tt:Port><tt:TTL>128</tt:TTL>' +
        '<tt:AutoStart>false</tt:AutoStart></tt:Multicast><tt:SessionTimeout>PT5S</tt:SessionTimeout>' +
        '</trt:Configuration><trt:ForcePersistence>true</trt:ForcePersistence></trt:SetVideoEncoderConfiguration>',
    );
  });
});
